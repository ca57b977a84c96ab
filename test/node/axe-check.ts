import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs in the page (typed here without the DOM library). A function, not a string: Playwright
 * evals a string predicate again on every animation frame, and the review app's CSP refuses each
 * eval that does not come straight from DevTools, so a page not loaded at the first look failed.
 */
function loadedDocument(): boolean {
  const { document } = globalThis as unknown as { document: { readyState: string; documentElement: unknown } };
  return document.readyState === 'complete' && document.documentElement !== null;
}

/**
 * The serious and critical axe-core violations of the page as rendered, as "id: help" lines.
 * Injected over CDP, so the CSP stays on. A document still being replaced has no root element yet
 * (axe then fails on documentElement), so this waits for a loaded one and injects and runs axe in
 * one call, both on the same document.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(loadedDocument);
  const result = (await page.evaluate(`${axeSource}\n;axe.run(document, { resultTypes: ["violations"] })`)) as {
    violations: Array<{ id: string; impact: string; help: string }>;
  };
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}
