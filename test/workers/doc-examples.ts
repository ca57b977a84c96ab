/// <reference types="vite/client" />
import { SELF } from 'cloudflare:test';
import { expect } from 'vitest';
import { runCurlExample } from '../shared/curl-runner';
import { findDocExamples, type DocExample, type DocService } from '../shared/doc-examples';

// Vite reads the pages (and the files examples upload) as text when the test is bundled for workerd.
const pages = import.meta.glob(['../../README.md', '../../docs/**/*.md'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
const uploads = import.meta.glob('../../docs/examples/*', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

const repoPath = (path: string) => path.replace(/^(\.\.\/)+/, '');

/** Every tested example of README.md and docs/ for one service. */
export function docExamples(service: DocService): DocExample[] {
  return Object.entries(pages)
    .flatMap(([path, markdown]) => findDocExamples(repoPath(path), markdown))
    .filter((example) => example.service === service);
}

/** Runs an example against this pool's Worker, as `npm run dev`'s origin, and checks each documented status. */
export async function expectDocumentedStatuses(example: DocExample, options: { origin: string; testOrigin: string; devJson: unknown }) {
  const calls = await runCurlExample(example.script, {
    fetch: (request) => SELF.fetch(request),
    origins: { [options.origin]: options.testOrigin },
    devJson: options.devJson,
    files: Object.fromEntries(Object.entries(uploads).map(([path, text]) => [repoPath(path), text])),
  });
  const answered = calls.map((call) => `${call.method} ${call.url} → ${call.status}${call.status >= 400 ? ` ${call.body.slice(0, 300)}` : ''}`);
  expect(
    calls.map((call) => call.status),
    `${example.where}\n${answered.join('\n')}`,
  ).toEqual(example.statuses);
}
