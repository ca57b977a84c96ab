import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_RETRIES } from '../../workers/verify/domain/retry-policy';

const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');

/** The `[[env.verify.queues.consumers]]` block of `queue`, as its lines. */
function consumerBlock(queue: string): string {
  const blocks = toml.split('[[env.verify.queues.consumers]]').slice(1).map((block) => block.split(/\n\[/)[0]!);
  const block = blocks.find((candidate) => candidate.includes(`queue = "${queue}"`));
  if (!block) throw new Error(`wrangler.toml has no consumer of ${queue}`);
  return block;
}

describe('wrangler.toml', () => {
  it('lets the bulk queue retry a deferred check exactly as often as every retry schedule has delays', () => {
    const maxRetries = consumerBlock('verify-bulk-tasks').match(/^max_retries = (\d+)$/m);
    expect(Number(maxRetries?.[1])).toBe(CHECK_RETRIES);
  });
});
