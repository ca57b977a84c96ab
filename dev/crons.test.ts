import { describe, expect, it } from 'vitest';
import { cronsOf, parseCron } from './crons';

const at = (iso: string) => new Date(iso);

describe('parseCron', () => {
  it('matches every minute for * * * * *', () => {
    const cron = parseCron('* * * * *');
    expect(cron.matches(at('2026-11-22T10:07:00Z'))).toBe(true);
  });

  it('reads steps, ranges, lists and names in UTC', () => {
    const cron = parseCron('*/15 9-17 * * MON-FRI');
    expect(cron.matches(at('2026-11-23T09:30:00Z'))).toBe(true); // a Monday
    expect(cron.matches(at('2026-11-23T09:31:00Z'))).toBe(false);
    expect(cron.matches(at('2026-11-22T09:30:00Z'))).toBe(false); // a Sunday
    expect(cron.matches(at('2026-11-23T18:00:00Z'))).toBe(false);
    expect(parseCron('0 3 * * *').matches(at('2026-11-22T03:00:00Z'))).toBe(true);
    expect(parseCron('5,35 * * JAN,DEC *').matches(at('2026-12-01T00:35:00Z'))).toBe(true);
    expect(parseCron('0 0 * * 7').matches(at('2026-11-22T00:00:00Z'))).toBe(true); // 7 is Sunday too
  });

  it('fires on either restricted day field, as cron does', () => {
    const cron = parseCron('0 0 1 * MON');
    expect(cron.matches(at('2026-12-01T00:00:00Z'))).toBe(true); // the 1st, a Tuesday
    expect(cron.matches(at('2026-11-23T00:00:00Z'))).toBe(true); // a Monday
    expect(cron.matches(at('2026-11-24T00:00:00Z'))).toBe(false);
  });

  it('refuses what it cannot read instead of never firing', () => {
    expect(() => parseCron('* * * *')).toThrow(/5 fields/);
    expect(() => parseCron('61 * * * *')).toThrow(/minute "61"/);
    expect(() => parseCron('* * L * *')).toThrow(/day of month "L"/);
    expect(() => parseCron('*/0 * * * *')).toThrow(/step/);
  });

  it('reads the crons wrangler.toml declares', () => {
    const crons = cronsOf('launch');
    expect(crons.length).toBeGreaterThan(0);
    for (const cron of crons) expect(() => parseCron(cron)).not.toThrow();
  });
});
