import type { Hono } from 'hono';
import { decodeTimedCursor, timedPage } from '../../../../shared/http/pagination';
import { reviewQueue } from '../../services/reviews';
import { channelNamesForPeople, decisionWords, Time } from '../components/bits';
import { appPath, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { Notice } from '../layout';
import { renderPage } from '../render';

const PAGE_SIZE = 50;

const doneMessages: Record<string, string> = {
  joined: 'Welcome: you joined the workspace and are signed in.',
  reject: 'Rejected.',
  request_changes: 'Changes requested; the note goes to the editor.',
};

export function registerQueuePages(pages: Hono<PageEnv>): void {
  pages.get('/', (c) => c.redirect(appPath('/queue'), 303));

  pages.get('/queue', signedIn, allowed('artifact:read'), async (c) => {
    const cursor = c.req.query('cursor');
    const rows = await reviewQueue(c.get('services').db, personOf(c).workspaceId, decodeTimedCursor(cursor), PAGE_SIZE);
    const { data, nextCursor } = timedPage(rows, PAGE_SIZE, (row) => ({ at: new Date(row.submittedAt), id: row.postId }));
    const zone = c.get('timeZone');
    const done = doneMessages[c.req.query('done') ?? ''];
    return renderPage(
      c,
      { title: 'Review queue', current: '/queue' },
      <>
        <h1>Review queue</h1>
        {c.req.query('done') === 'approve' && (
          <Notice kind="ok">
            Approved. The post can now be scheduled: it waits in <a href={appPath('/ready')}>Ready to schedule</a>.
          </Notice>
        )}
        {done && <Notice kind="ok">{done}</Notice>}
        {data.length === 0 ? (
          <p>Nothing is waiting for a decision.</p>
        ) : (
          <table class="stack">
            <caption class="muted">
              {data.length} post{data.length === 1 ? '' : 's'} waiting for a decision, oldest first. Times in {zone}.
            </caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">Campaign</th>
                <th scope="col">Channel</th>
                <th scope="col">Release</th>
                <th scope="col">Waiting since</th>
                <th scope="col">Last decision</th>
              </tr>
            </thead>
            <tbody>
              {data.map((row) => (
                <tr>
                  <td data-label="Post" class="excerpt">
                    <a href={appPath(`/posts/${row.postId}`)}>{row.copy.slice(0, 90) || '(no copy)'}</a>
                    {row.variantOf && <span class="muted"> · variant</span>}
                  </td>
                  <td data-label="Campaign">{row.campaignName}</td>
                  <td data-label="Channel">{channelNamesForPeople[row.channel] ?? row.channel}</td>
                  <td data-label="Release">{row.release ? `${row.release.version} · ${row.release.title}` : <span class="muted">none</span>}</td>
                  <td data-label="Waiting since">
                    <Time at={row.submittedAt} zone={zone} />
                  </td>
                  <td data-label="Last decision">
                    {row.lastDecision
                      ? `${decisionWords[row.lastDecision.decision]}${row.lastDecision.note ? `: “${row.lastDecision.note}”` : ''}`
                      : 'first review'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {nextCursor && (
          <p class="pager">
            <a href={appPath(`/queue?cursor=${encodeURIComponent(nextCursor)}`)}>Next {PAGE_SIZE}</a>
          </p>
        )}
      </>,
    );
  });
}
