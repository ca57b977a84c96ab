import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../shared/auth/scopes';
import { sessionOnlyPermissions } from '../../workers/launch/auth/roles';
import { transitionTableMarkdown } from '../../workers/launch/domain/post-status';
import { describeSandboxTriggers } from '../../workers/verify/engine/sandbox-cases';
import { jobLifecycleMarkdown } from '../../workers/verify/domain/job-status';
import { SANDBOX_CHECK_RETRY_DELAYS_SECONDS } from '../../workers/verify/domain/retry-policy';

const page = (path: string) => readFileSync(new URL(`../../docs/${path}`, import.meta.url), 'utf8');
const tableRows = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('| `'));

describe('the docs pages show what the API description publishes', () => {
  it('the post transition table, on the campaigns page', () => {
    const rows = tableRows(transitionTableMarkdown());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(page('launch/campaigns-posts-reviews.md')).toContain(row);
  });

  it('the bulk job and task tables, on the bulk jobs page', () => {
    const rows = tableRows(jobLifecycleMarkdown());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(page('verify/bulk-jobs.md')).toContain(row);
  });

  it('every launch permission, in the role table of the workspace page', () => {
    for (const permission of [...launchScopes, ...sessionOnlyPermissions]) expect(page('launch/workspace.md')).toContain(`\`${permission}\``);
  });

  it('the sandbox triggers, on the single checks page', () => {
    const rows = tableRows(describeSandboxTriggers());
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(page('verify/single-checks.md')).toContain(row);
  });

  it('the retry schedule of sandbox jobs the consumer follows, on the bulk jobs page', () => {
    const delays = [...SANDBOX_CHECK_RETRY_DELAYS_SECONDS];
    expect(page('verify/bulk-jobs.md').replace(/\s+/g, ' ')).toContain(
      `after ${delays.slice(0, -1).join(', ')} and ${delays.at(-1)} seconds whatever the setting`,
    );
  });
});
