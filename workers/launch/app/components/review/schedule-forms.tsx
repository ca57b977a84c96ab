import { canonicalZone, zoneChoices } from '../../../domain/time-zones';
import { instantToWallClock } from '../../../domain/zoned-time';
import { appPath } from '../../context';
import { Notice } from '../../layout';
import { Time } from '../bits';

/** Why scheduling will ask for the password and a code again, or that it cannot until two-factor is on; null when it goes straight through. */
export type SignInCheck = 'stale' | 'no_two_factor' | 'not_enrolled' | null;

function SignInWarning(props: { check: SignInCheck }) {
  if (props.check === 'not_enrolled') {
    return (
      <Notice kind="error">
        Scheduling needs a sign-in with two-factor authentication, and it is off for your account. <a href={appPath('/two-factor')}>Set up two-factor</a> first;
        this post stays ready to schedule.
      </Notice>
    );
  }
  if (!props.check) return null;
  return (
    <p class="hint" id="schedule-reauth">
      {props.check === 'stale' ? 'Your sign-in is more than 15 minutes old' : 'You signed in without a two-factor code'}, so scheduling asks for your password
      and a two-factor code next. The time you pick here is kept.
    </p>
  );
}

export interface ScheduleValues {
  date: string;
  time: string;
  timeZone: string;
}

/** The default: the next full hour at least 30 minutes away, in the reader's zone. */
export function defaultScheduleValues(zone: string, now: Date = new Date()): ScheduleValues {
  const next = new Date(Math.ceil((now.getTime() + 30 * 60_000) / 3_600_000) * 3_600_000);
  return { ...instantToWallClock(next, zone), timeZone: canonicalZone(zone) };
}

export function ScheduleForm(props: { postId: string; values: ScheduleValues; error?: string; signIn: SignInCheck }) {
  const zone = canonicalZone(props.values.timeZone);
  return (
    <section class="card" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Schedule</h2>
      <p>This post is approved. Pick when it goes out, in your time zone.</p>
      <SignInWarning check={props.signIn} />
      <form method="post" action={appPath(`/posts/${props.postId}/schedule`)}>
        <label for="date">Date</label>
        <input id="date" name="date" type="date" required value={props.values.date} aria-invalid={props.error ? 'true' : undefined} />
        <label for="time">Time</label>
        <input id="time" name="time" type="time" required value={props.values.time} aria-invalid={props.error ? 'true' : undefined} />
        <label for="timeZone">Time zone</label>
        <select id="timeZone" name="timeZone">
          {zoneChoices(Intl.supportedValuesOf('timeZone'), zone).map((choice) => (
            <option value={choice} selected={choice === zone}>
              {choice}
            </option>
          ))}
        </select>
        <button type="submit" aria-describedby={props.signIn === 'stale' || props.signIn === 'no_two_factor' ? 'schedule-reauth' : undefined}>
          Schedule
        </button>
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
