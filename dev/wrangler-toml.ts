import { readFileSync } from 'node:fs';

const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');

/**
 * A numeric setting of the verify Worker's consumer of `queue` in wrangler.toml (`max_retries`,
 * `max_batch_size`, …), read as written; the bench and a test compare them with the code.
 */
export function verifyQueueConsumerSetting(queue: string, setting: string): number {
  const blocks = toml
    .split('[[env.verify.queues.consumers]]')
    .slice(1)
    .map((block) => block.split(/\n\[/)[0]!);
  const block = blocks.find((candidate) => candidate.includes(`queue = "${queue}"`));
  if (!block) throw new Error(`wrangler.toml has no verify consumer of ${queue}`);
  const value = block.match(new RegExp(`^${setting} = (\\d+)$`, 'm'))?.[1];
  if (value === undefined) throw new Error(`wrangler.toml: the consumer of ${queue} sets no ${setting}`);
  return Number(value);
}
