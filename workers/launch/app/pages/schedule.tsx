import { webLink } from '../components/review/delivery-facts';
import type { Hono } from 'hono';
import type { DeliveryStatus } from '../../services/deliveries';
import { listSchedule } from '../../services/scheduling';
import { channelNamesForPeople, StatusBadge, Time } from '../components/bits';
import { appPath, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { Notice } from '../layout';
import { renderPage } from '../render';

const DAY_MS = 24 * 60 * 60 * 1000;
/** At most this many rows per list; the JSON operation pages further. */
const LIMIT = 100;

type Row = Awaited<ReturnType<typeof listSchedule>>[number];

function byChannel(rows: Row[]): Array<[string, Row[]]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.channel, [...(groups.get(row.channel) ?? []), row]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function Deliveries(props: { id: string; title: string; rows: Row[]; zone: string; empty: string }) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <p class="muted">{props.empty}</p>
      ) : (
        byChannel(props.rows).map(([channel, rows]) => (
          <table class="stack">
            <caption>
              <strong>{channelNamesForPeople[channel] ?? channel}</strong>
            </caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Post</th>
                <th scope="col">Campaign</th>
                <th scope="col">Delivery</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr>
                  <td data-label="When">
                    <Time at={row.scheduledFor} zone={props.zone} />
                  </td>
                  <td data-label="Post" class="excerpt">
                    <a href={appPath(`/posts/${row.postId}`)}>{row.copy.slice(0, 80)}</a>
                  </td>
                  <td data-label="Campaign">
                    <a href={appPath(`/campaigns/${row.campaignId}/audit`)}>{row.campaignName}</a>
                  </td>
                  <td data-label="Delivery">
                    <StatusBadge status={row.status} />
                    {row.attempts > 0 && <span class="muted"> · {row.attempts} attempt(s)</span>}
                    {row.nextAttemptAt && (
                      <span class="muted">
                        {' '}
                        · retry <Time at={row.nextAttemptAt} zone={props.zone} />
                      </span>
                    )}
                    {row.lastError && <div class="muted">{row.lastError}</div>}
                    {webLink(row.externalUrl) && (
                      <div>
                        <a href={webLink(row.externalUrl)!}>See it live</a>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))
      )}
    </section>
  );
}

export function registerSchedulePage(pages: Hono<PageEnv>): void {
  pages.get('/schedule', signedIn, allowed('artifact:read'), async (c) => {
    const { db } = c.get('services');
    const workspaceId = personOf(c).workspaceId;
    const zone = c.get('timeZone');
    const now = Date.now();
    const window = (from: number, to: number, status: DeliveryStatus | undefined) => ({ from: new Date(from), to: new Date(to), status });
    // Upcoming: waiting, under way and failed (as the JSON schedule shows by default); published: the last 30 days.
    const [upcoming, published] = await Promise.all([
      listSchedule(db, workspaceId, window(now - 30 * DAY_MS, now + 367 * DAY_MS, undefined), undefined, LIMIT),
      listSchedule(db, workspaceId, window(now - 30 * DAY_MS, now + DAY_MS, 'published'), undefined, LIMIT),
    ]);
    return renderPage(
      c,
      { title: 'Schedule', current: '/schedule' },
      <>
        <h1>Schedule</h1>
        {c.req.query('done') === 'scheduled' && <Notice kind="ok">Scheduled.</Notice>}
        <p class="muted">Times in {zone}.</p>
        <Deliveries id="upcoming" title="Upcoming" rows={upcoming.slice(0, LIMIT)} zone={zone} empty="Nothing is scheduled." />
        <Deliveries
          id="published"
          title="Published in the last 30 days"
          rows={published.slice(0, LIMIT).reverse()}
          zone={zone}
          empty="Nothing was published in the last 30 days."
        />
      </>,
    );
  });
}
