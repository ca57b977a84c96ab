import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../shared/config';
import { verifyConfigSchema } from './config';

const required = {
  DATABASE_URL: 'postgres://user@127.0.0.1:5432/db',
  UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1',
  UPSTASH_REDIS_REST_TOKEN: 'token',
  INTERNAL_SECRET: 'x'.repeat(32),
};

describe('verify settings', () => {
  it('retries deferred bulk checks after 1, 5, 15 and 30 minutes unless BULK_RETRY_DELAYS_SECONDS says otherwise', () => {
    expect(readConfig(verifyConfigSchema, { ...required }).BULK_RETRY_DELAYS_SECONDS).toEqual([60, 300, 900, 1800]);
    expect(readConfig(verifyConfigSchema, { ...required, BULK_RETRY_DELAYS_SECONDS: '5, 10,20,40' }).BULK_RETRY_DELAYS_SECONDS).toEqual([5, 10, 20, 40]);
  });

  it('refuses a retry schedule whose length is not the queue’s max_retries, or with a delay the queue cannot take', () => {
    for (const schedule of ['60,300,900', '60,300,900,1800,3600', '60,300,900,abc', '0,1,2,3', '60,300,900,86400']) {
      expect(() => readConfig(verifyConfigSchema, { ...required, BULK_RETRY_DELAYS_SECONDS: schedule }), schedule).toThrow(ConfigError);
      expect(() => readConfig(verifyConfigSchema, { ...required, BULK_RETRY_DELAYS_SECONDS: schedule })).toThrow(/BULK_RETRY_DELAYS_SECONDS/);
    }
  });
});
