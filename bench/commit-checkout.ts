import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Another commit's files beside this checkout (under .local/ab/<commit>, with this checkout's
 * node_modules), unpacked once with `git archive`, so that an A/B bench can load both in one run.
 * An uncommitted change here is not in it: the other side is exactly the commit.
 */
export function commitCheckout(ref: string): { commit: string; root: string } {
  const commit = execSync(`git rev-parse --short ${ref}`, { encoding: 'utf8' }).trim();
  const here = process.cwd();
  const root = join(here, '.local', 'ab', commit);
  if (!existsSync(join(root, 'package.json'))) {
    mkdirSync(root, { recursive: true });
    execSync(`git archive ${commit} | tar -x -C ${root}`);
    symlinkSync(join(here, 'node_modules'), join(root, 'node_modules'));
  }
  return { commit, root };
}
