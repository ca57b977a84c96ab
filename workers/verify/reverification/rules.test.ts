import { describe, expect, it } from 'vitest';
import { dueBefore, firstRunAt, retentionConflict } from './rules';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-24T12:00:00Z');

describe('reverification rules', () => {
  it('refuses an age the retention would purge first', () => {
    expect(retentionConflict({ olderThanDays: 89 }, 90)).toBeNull();
    expect(retentionConflict({ olderThanDays: 90 }, 90)).toContain('must be below result_retention_days (90)');
  });

  it('runs a new, re-enabled or never-run policy at once', () => {
    expect(firstRunAt(now, null, 7)).toEqual(now);
    expect(firstRunAt(now, { enabled: false, nextRunAt: at('2026-11-30T00:00:00Z'), lastRunAt: at('2026-11-23T00:00:00Z') }, 7)).toEqual(now);
    expect(firstRunAt(now, { enabled: true, nextRunAt: at('2026-11-30T00:00:00Z'), lastRunAt: null }, 7)).toEqual(now);
  });

  it('keeps the schedule of a running policy, bringing it forward when the interval shrinks', () => {
    const previous = { enabled: true, nextRunAt: at('2026-11-30T00:00:00Z'), lastRunAt: at('2026-11-23T00:00:00Z') };
    expect(firstRunAt(now, previous, 7)).toEqual(previous.nextRunAt);
    expect(firstRunAt(now, previous, 14)).toEqual(previous.nextRunAt);
    expect(firstRunAt(now, previous, 3)).toEqual(at('2026-11-26T00:00:00Z'));
    // A shorter interval already past: the next tick.
    expect(firstRunAt(now, previous, 1)).toEqual(now);
  });

  it('counts an address due when its latest check is at least older_than_days old', () => {
    expect(dueBefore(now, 30)).toEqual(at('2026-10-25T12:00:00Z'));
  });
});
