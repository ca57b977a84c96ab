import { describe, expect, it } from 'vitest';
import { withoutNoise } from './quiet-output';

describe('the quiet test log', () => {
  it('drops the pool’s debug lines and workerd’s info lines, keeping warnings, errors and test output', () => {
    const text = [
      '\u001b[90m[vpw:debug]\u001b[39m Adding `enable_nodejs_v8_module` compatibility flag during tests',
      '[vpw:info] Starting runtime for ...',
      'workerd/io/worker.c++:2446: info: uncaught exception; source = Uncaught (in promise); stack = Error: Network connection lost.',
      'stack: /work/node_modules/@cloudflare/workerd-linux-64/bin/workerd@5109082 /work/…',
      '[vpw:warn] something to look at',
      'workerd/io/worker.c++:100: error: a real failure',
      '{"level":"warn","message":"dispatch dead-lettered"}',
      ' ✓ verify workers/verify/routes/jobs.test.ts (12 tests)',
      '',
    ].join('\n');
    expect(withoutNoise(text).split('\n')).toEqual([
      '[vpw:warn] something to look at',
      'workerd/io/worker.c++:100: error: a real failure',
      '{"level":"warn","message":"dispatch dead-lettered"}',
      ' ✓ verify workers/verify/routes/jobs.test.ts (12 tests)',
      '',
    ]);
  });
});
