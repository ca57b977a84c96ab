import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { launchScopes } from '../../shared/auth/scopes';
import { sessionOnlyPermissions } from '../../workers/launch/auth/roles';
import { transitionTableMarkdown } from '../../workers/launch/domain/post-status';
import { describeSandboxTriggers } from '../../workers/verify/engine/sandbox';
import { jobLifecycleMarkdown } from '../../workers/verify/domain/job-status';
import { SANDBOX_CHECK_RETRY_DELAYS_SECONDS } from '../../workers/verify/domain/retry-policy';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('shows the post transition table exactly as the API description publishes it', () => {
    const rows = transitionTableMarkdown()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    for (const row of rows) expect(readme).toContain(row);
  });

  it('shows the bulk job and task tables exactly as the API description publishes them', () => {
    const rows = jobLifecycleMarkdown()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(readme).toContain(row);
  });

  it('lists every launch permission in the role table', () => {
    for (const permission of [...launchScopes, ...sessionOnlyPermissions]) expect(readme).toContain(`\`${permission}\``);
  });

  it('shows the sandbox triggers exactly as the API description publishes them', () => {
    const rows = describeSandboxTriggers()
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(readme).toContain(row);
  });

  it('states the retry schedule of sandbox jobs the consumer follows', () => {
    const delays = [...SANDBOX_CHECK_RETRY_DELAYS_SECONDS];
    expect(readme.replace(/\s+/g, ' ')).toContain(`after ${delays.slice(0, -1).join(', ')} and ${delays.at(-1)} seconds whatever the setting`);
  });
});
