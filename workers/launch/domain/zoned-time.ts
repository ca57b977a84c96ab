/**
 * Wall-clock times in a person's IANA time zone. The review app asks for a date and a time "where
 * you are"; the schedule stores an instant. Intl knows every zone's rules, so no tz database ships.
 */

export interface WallClock {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM`, 24-hour */
  time: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function wallClockParts(instant: number, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day'), part('hour'), part('minute')];
}

/** Milliseconds the zone is ahead of UTC at that instant (negative west of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const [year, month, day, hour, minute] = wallClockParts(instant, timeZone) as [number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute) - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time names in the zone. A time skipped by a daylight-saving jump (02:30
 * on a spring-forward night) names no instant: null, so the form can say so rather than guess. A
 * time that happens twice (autumn) is the first of the two, which is what a person expects.
 */
export function wallClockToInstant(wall: WallClock, timeZone: string): Date | null {
  const date = DATE.exec(wall.date);
  const time = TIME.exec(wall.time);
  if (!date || !time || !isTimeZone(timeZone)) return null;
  const fields = [Number(date[1]), Number(date[2]), Number(date[3]), Number(time[1]), Number(time[2])];
  const asUtc = Date.UTC(fields[0]!, fields[1]! - 1, fields[2]!, fields[3]!, fields[4]!);
  // Try the offsets in force a day either side: one of them is right unless the time was skipped.
  const candidates = [...new Set([offsetAt(asUtc - 86_400_000, timeZone), offsetAt(asUtc, timeZone), offsetAt(asUtc + 86_400_000, timeZone)])]
    .map((offset) => asUtc - offset)
    .filter((instant) => wallClockParts(instant, timeZone).every((value, index) => value === fields[index]))
    .sort((a, b) => a - b);
  return candidates.length ? new Date(candidates[0]!) : null;
}

/** The instant as a wall clock in the zone, for a form's default values. */
export function instantToWallClock(instant: Date, timeZone: string): WallClock {
  const [year, month, day, hour, minute] = wallClockParts(instant.getTime(), timeZone).map((n) => String(n).padStart(2, '0'));
  return { date: `${year}-${month}-${day}`, time: `${hour}:${minute}` };
}

/** A readable date and time in the zone, naming the zone, e.g. "Tue, 1 Dec 2026, 09:30 CET". */
export function formatInZone(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(new Date(instant));
}
