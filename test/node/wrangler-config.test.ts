import { describe, expect, it } from 'vitest';
import { verifyQueueConsumerSetting } from '../../dev/wrangler-toml';
import { CHECK_RETRIES } from '../../workers/verify/domain/retry-policy';

describe('wrangler.toml', () => {
  it('lets the bulk queue retry a deferred check exactly as often as every retry schedule has delays', () => {
    expect(verifyQueueConsumerSetting('verify-bulk-tasks', 'max_retries')).toBe(CHECK_RETRIES);
  });
});
