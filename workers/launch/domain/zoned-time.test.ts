import { describe, expect, it } from 'vitest';
import { formatInZone, instantToWallClock, isTimeZone, wallClockToInstant } from './zoned-time';

describe('wallClockToInstant', () => {
  it('reads a time in a zone east and west of UTC', () => {
    expect(wallClockToInstant({ date: '2026-12-01', time: '09:30' }, 'Europe/Berlin')?.toISOString()).toBe('2026-12-01T08:30:00.000Z');
    expect(wallClockToInstant({ date: '2026-07-01', time: '09:30' }, 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T07:30:00.000Z');
    expect(wallClockToInstant({ date: '2026-12-01', time: '23:15' }, 'America/Los_Angeles')?.toISOString()).toBe('2026-12-02T07:15:00.000Z');
    expect(wallClockToInstant({ date: '2026-12-01', time: '09:30' }, 'Asia/Kolkata')?.toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(wallClockToInstant({ date: '2026-12-01', time: '00:00' }, 'UTC')?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('refuses a time skipped by the spring-forward jump', () => {
    expect(wallClockToInstant({ date: '2026-03-29', time: '02:30' }, 'Europe/Berlin')).toBeNull();
    expect(wallClockToInstant({ date: '2026-03-08', time: '02:15' }, 'America/New_York')).toBeNull();
  });

  it('takes the first of a time that happens twice in autumn', () => {
    expect(wallClockToInstant({ date: '2026-10-25', time: '02:30' }, 'Europe/Berlin')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses malformed dates, times and zones', () => {
    expect(wallClockToInstant({ date: '2026-13-01', time: '09:00' }, 'UTC')).toBeNull();
    expect(wallClockToInstant({ date: '2026-02-30', time: '09:00' }, 'UTC')).toBeNull();
    expect(wallClockToInstant({ date: '2026-12-01', time: '24:00' }, 'UTC')).toBeNull();
    expect(wallClockToInstant({ date: '2026-12-01', time: '9:00' }, 'UTC')).toBeNull();
    expect(wallClockToInstant({ date: '2026-12-01', time: '09:00' }, 'Mars/Olympus')).toBeNull();
  });
});

describe('instantToWallClock and formatInZone', () => {
  it('round-trips through the zone', () => {
    const instant = new Date('2026-12-02T07:15:00Z');
    const wall = instantToWallClock(instant, 'America/Los_Angeles');
    expect(wall).toEqual({ date: '2026-12-01', time: '23:15' });
    expect(wallClockToInstant(wall, 'America/Los_Angeles')?.getTime()).toBe(instant.getTime());
  });

  it('names the zone when formatting', () => {
    expect(formatInZone('2026-12-01T08:30:00Z', 'Europe/Berlin')).toBe('Tue, 1 Dec 2026, 09:30 CET');
  });

  it('knows zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Nowhere/Else')).toBe(false);
  });
});
