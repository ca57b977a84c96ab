import { describe, expect, it } from 'vitest';
import { cronsOf } from '../../dev/crons';
import { verifyQueueConsumerSetting } from '../../dev/wrangler-toml';
import { RETENTION_CRON, REVERIFICATION_CRON, WEBHOOK_CRON } from '../../workers/verify/crons';
import { CHECK_RETRIES } from '../../workers/verify/domain/retry-policy';

describe('wrangler.toml', () => {
  it('lets the bulk queue retry a deferred check exactly as often as every retry schedule has delays', () => {
    expect(verifyQueueConsumerSetting('verify-bulk-tasks', 'max_retries')).toBe(CHECK_RETRIES);
  });

  it('declares exactly the crons the verify Worker’s scheduled() handles', () => {
    expect([...cronsOf('verify')].sort()).toEqual([WEBHOOK_CRON, RETENTION_CRON, REVERIFICATION_CRON].sort());
  });
});
