import { expect, it } from 'vitest';

// Run only by .ci/run's self-check (HARNESS_SELF_CHECK=1): proves a failing test fails the run.
it('fails on purpose', () => {
  expect('the harness reports failures').toBe('as a non-zero exit');
});
