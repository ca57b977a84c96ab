import { describe, expect, it } from 'vitest';
import { canonicalZone, zoneChoices } from './time-zones';
import { instantToWallClock, wallClockToInstant } from './zoned-time';

describe('time zone choices', () => {
  it('offers UTC first, then canonical IANA names once each, sorted', () => {
    const choices = zoneChoices(['Europe/Kiev', 'Asia/Calcutta', 'Europe/Kyiv', 'America/New_York', 'Etc/UTC'], 'UTC');
    expect(choices).toEqual(['UTC', 'America/New_York', 'Asia/Kolkata', 'Europe/Kyiv']);
  });

  it("keeps the reader's zone in the list under its canonical name, and drops names the runtime does not know", () => {
    expect(zoneChoices(['Europe/Berlin', 'Mars/Olympus_Mons'], 'Asia/Saigon')).toEqual(['UTC', 'Asia/Ho_Chi_Minh', 'Europe/Berlin']);
    expect(canonicalZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
  });

  it('lists the canonical names of every zone this runtime knows, and each converts', () => {
    const choices = zoneChoices(Intl.supportedValuesOf('timeZone'), 'UTC');
    expect(choices).toContain('Asia/Kolkata');
    expect(choices).not.toContain('Asia/Calcutta');
    expect(choices).toContain('Europe/Kyiv');
    expect(choices.length).toBeGreaterThan(300);
    const noon = { date: '2027-01-15', time: '12:00' };
    for (const zone of choices) expect(instantToWallClock(wallClockToInstant(noon, zone)!, zone), zone).toEqual(noon);
  });
});

describe('wall clock to instant at the daylight-saving edges, by canonical name', () => {
  it('Europe/Kyiv: 02:59 is the last minute before the spring jump, 03:xx does not exist, 04:00 is summer time', () => {
    expect(wallClockToInstant({ date: '2027-03-28', time: '02:59' }, 'Europe/Kyiv')!.toISOString()).toBe('2027-03-28T00:59:00.000Z');
    expect(wallClockToInstant({ date: '2027-03-28', time: '03:30' }, 'Europe/Kyiv')).toBeNull();
    expect(wallClockToInstant({ date: '2027-03-28', time: '04:00' }, 'Europe/Kyiv')!.toISOString()).toBe('2027-03-28T01:00:00.000Z');
  });

  it('America/New_York in autumn: 01:30 happens twice and is the first (EDT); 02:00 is EST', () => {
    expect(wallClockToInstant({ date: '2027-11-07', time: '01:30' }, 'America/New_York')!.toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(wallClockToInstant({ date: '2027-11-07', time: '02:00' }, 'America/New_York')!.toISOString()).toBe('2027-11-07T07:00:00.000Z');
  });

  it('Asia/Kolkata (no daylight saving, +05:30) and UTC convert exactly', () => {
    expect(wallClockToInstant({ date: '2027-06-01', time: '09:30' }, 'Asia/Kolkata')!.toISOString()).toBe('2027-06-01T04:00:00.000Z');
    expect(wallClockToInstant({ date: '2027-03-28', time: '02:30' }, 'UTC')!.toISOString()).toBe('2027-03-28T02:30:00.000Z');
  });
});
