import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;

export interface CronSchedule {
  expression: string;
  matches(date: Date): boolean;
}

/**
 * Five-field cron expressions as Cloudflare's cron triggers read them (UTC; `*`, lists, ranges,
 * steps, month and weekday names). Anything else is an error rather than a schedule that
 * silently never fires.
 */
export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Cron "${expression}": expected 5 fields, found ${parts.length}.`);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!, expression)) as Set<number>[];
  const anyDay = parts[2] === '*';
  const anyWeekday = parts[4] === '*';
  return {
    expression,
    matches(date) {
      if (!minutes!.has(date.getUTCMinutes()) || !hours!.has(date.getUTCHours()) || !months!.has(date.getUTCMonth() + 1)) return false;
      const weekday = date.getUTCDay();
      const dayMatches = days!.has(date.getUTCDate());
      const weekdayMatches = weekdays!.has(weekday) || (weekday === 0 && weekdays!.has(7));
      // As in cron(8): when both day fields are restricted, either one matching is enough.
      if (anyDay || anyWeekday) return dayMatches && weekdayMatches;
      return dayMatches || weekdayMatches;
    },
  };
}

function parseField(text: string, field: (typeof FIELDS)[number], expression: string): Set<number> {
  const values = new Set<number>();
  const fail = (why: string) => new Error(`Cron "${expression}": ${field.name} "${text}" ${why}.`);
  const value = (token: string) => {
    const named = 'names' in field ? (field.names as readonly string[]).indexOf(token.toUpperCase()) : -1;
    const number = named >= 0 ? named + (field.name === 'month' ? 1 : 0) : /^\d+$/.test(token) ? Number(token) : Number.NaN;
    if (!Number.isInteger(number) || number < field.min || number > field.max) throw fail(`is not between ${field.min} and ${field.max}`);
    return number;
  };
  for (const item of text.split(',')) {
    const match = item.match(/^(\*|[\w]+(?:-[\w]+)?)(?:\/(\d+))?$/);
    if (!match) throw fail('is not supported');
    const step = match[2] === undefined ? 1 : Number(match[2]);
    if (step < 1) throw fail('has a step below 1');
    const [low, high] =
      match[1] === '*'
        ? [field.min, field.max]
        : match[1]!.includes('-')
          ? match[1]!.split('-').map(value)
          : [value(match[1]!), match[2] ? field.max : value(match[1]!)];
    if (low! > high!) throw fail('is an empty range');
    for (let v = low!; v <= high!; v += step) values.add(v);
  }
  return values;
}

/**
 * The cron triggers wrangler.toml declares for one environment, read the way wrangler reads them.
 * In a child process: loading wrangler installs SIGINT/SIGTERM handlers that exit at once, which
 * would cut `npm run dev`'s own clean shutdown short and leave PostgreSQL running.
 */
export function cronsOf(environment: string): string[] {
  const script = `const c = require('wrangler').unstable_readConfig({ config: 'wrangler.toml', env: process.argv[1] });
process.stdout.write(JSON.stringify(c.triggers.crons ?? []));`;
  const output = execFileSync(process.execPath, ['-e', script, environment], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_LOG: 'error' },
  });
  return JSON.parse(output) as string[];
}

/**
 * `wrangler dev` never fires cron triggers; this calls each Worker's `/__scheduled` (exposed by
 * `--test-scheduled`) at the start of every minute whose cron matches, as production would.
 */
export function startCronTicker(workers: Array<{ name: string; url: string; crons: string[] }>, log: (line: string) => void): () => void {
  const schedules = workers.map((worker) => ({ ...worker, schedules: worker.crons.map(parseCron) }));
  let timer: NodeJS.Timeout;
  const tick = () => {
    const now = new Date();
    for (const worker of schedules) {
      for (const schedule of worker.schedules.filter((candidate) => candidate.matches(now))) {
        const url = `${worker.url}/__scheduled?cron=${encodeURIComponent(schedule.expression)}`;
        fetch(url).then(
          (response) => response.ok || log(`${worker.name} cron "${schedule.expression}" answered ${response.status}`),
          (error: Error) => log(`${worker.name} cron "${schedule.expression}" failed: ${error.message}`),
        );
      }
    }
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
  };
  timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
  return () => clearTimeout(timer);
}
