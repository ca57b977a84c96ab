import { instantToWallClock } from '../../../domain/zoned-time';
import { appPath } from '../../context';
import { Time } from '../bits';

/** Every zone the runtime knows, for the form's picker; the reader's own is preselected. */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

export interface ScheduleValues {
  date: string;
  time: string;
  timeZone: string;
}

/** The default: the next full hour at least 30 minutes away, in the reader's zone. */
export function defaultScheduleValues(zone: string, now: Date = new Date()): ScheduleValues {
  const next = new Date(Math.ceil((now.getTime() + 30 * 60_000) / 3_600_000) * 3_600_000);
  return { ...instantToWallClock(next, zone), timeZone: zone };
}

export function ScheduleForm(props: { postId: string; values: ScheduleValues; error?: string }) {
  return (
    <section class="card" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Schedule</h2>
      <p>This post is approved. Pick when it goes out, in your time zone.</p>
      <form method="post" action={appPath(`/posts/${props.postId}/schedule`)}>
        <label for="date">Date</label>
        <input id="date" name="date" type="date" required value={props.values.date} aria-invalid={props.error ? 'true' : undefined} />
        <label for="time">Time</label>
        <input id="time" name="time" type="time" required value={props.values.time} aria-invalid={props.error ? 'true' : undefined} />
        <label for="timeZone">Time zone</label>
        <select id="timeZone" name="timeZone">
          {zones(props.values.timeZone).map((zone) => (
            <option value={zone} selected={zone === props.values.timeZone}>
              {zone}
            </option>
          ))}
        </select>
        <button type="submit">Schedule</button>
      </form>
    </section>
  );
}

export function CancelForm(props: { postId: string; scheduledFor: string | null; zone: string }) {
  return (
    <section class="card" aria-labelledby="scheduled-heading">
      <h2 id="scheduled-heading">Scheduled</h2>
      {props.scheduledFor && (
        <p>
          Goes out <Time at={props.scheduledFor} zone={props.zone} />.
        </p>
      )}
      <form method="post" action={appPath(`/posts/${props.postId}/cancel`)}>
        <button type="submit" class="secondary">
          Take off the schedule
        </button>
      </form>
      <p class="hint">The approval stands; you can schedule it again.</p>
    </section>
  );
}
