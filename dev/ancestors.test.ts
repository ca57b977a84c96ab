import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ancestors, processEntry } from './ancestors';

const module = fileURLToPath(new URL('./ancestors.ts', import.meta.url));
// The chain is printed from what the watch holds: a test that kills on seeing it cannot kill before the watch began.
const watcher = `import { watchAncestors } from ${JSON.stringify(module)};
const chain = watchAncestors((pid) => { console.log('gone ' + pid); process.exit(0); }, 100);
console.log('chain ' + chain.join(' '));
setInterval(() => {}, 1000);`;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {}
  }
});

/**
 * A watcher two shells deep, in a session of its own as an IDE starts a command: the outer shell
 * stands for npm, the inner one for npm's shell (`; true` keeps each from exec-ing its command).
 */
async function nestedWatcher(): Promise<{ chain: number[]; outer: number; inner: number; output: () => string }> {
  const node = `'${process.execPath}' --import tsx --input-type=module -e "$WATCHER"; true`;
  const outer = spawn('sh', ['-c', `sh -c '${node.replace(/'/g, `'\\''`)}'; true`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WATCHER: watcher },
  });
  started.push(outer);
  let output = '';
  // Its shell's "Killed" and any error of the watcher land here too, shown by a failing poll.
  for (const stream of [outer.stdout!, outer.stderr!]) stream.on('data', (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 15_000 }).toMatch(/^chain /);
  const chain = output.trim().slice('chain '.length).split(' ').map(Number);
  return { chain, outer: chain[1]!, inner: chain[0]!, output: () => output };
}

describe('watchAncestors', () => {
  it('lists the parents up to the start of the session, nearest first', async () => {
    const { chain, outer, inner } = await nestedWatcher();
    // The outer shell started the session: this test and what started it are not in the chain.
    expect(chain).toEqual([inner, started[0]!.pid]);
    expect(processEntry(inner)?.ppid).toBe(outer);
    expect(processEntry(outer)?.sid).toBe(outer);
    expect(ancestors(inner)).toEqual([outer]);
  });

  for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
    it(`notices the outermost wrapper gone (${signal}), though the one between them runs on`, async () => {
      const { outer, output } = await nestedWatcher();
      process.kill(outer, signal);
      await expect.poll(output, { timeout: 10_000 }).toContain(`gone ${outer}`);
    });
  }

  it('notices a wrapper in the middle gone', async () => {
    const { inner, output } = await nestedWatcher();
    process.kill(inner, 'SIGKILL');
    await expect.poll(output, { timeout: 10_000 }).toContain(`gone ${inner}`);
  });
});
