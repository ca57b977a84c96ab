import type { Hono } from 'hono';
import { launchRolePermissions } from '../../auth/roles';
import { userLabels } from '../../services/members';
import { readyToSchedule } from '../../services/ready';
import { channelNamesForPeople, Time } from '../components/bits';
import { appPath, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { renderPage } from '../render';

/** At most this many rows; a workspace with more approved posts than this has a backlog to see to first. */
const LIMIT = 100;

export function registerReadyPage(pages: Hono<PageEnv>): void {
  pages.get('/ready', signedIn, allowed('artifact:read'), async (c) => {
    const { db } = c.get('services');
    const person = personOf(c);
    const rows = await readyToSchedule(db, person.workspaceId, LIMIT);
    const shown = rows.slice(0, LIMIT);
    const approvers = await userLabels(
      db,
      shown.flatMap((row) => (row.approvedBy ? [row.approvedBy] : [])),
    );
    const canSchedule = launchRolePermissions(person.role).has('post:schedule');
    const zone = c.get('timeZone');
    return renderPage(
      c,
      { title: 'Ready to schedule', current: '/ready' },
      <>
        <h1>Ready to schedule</h1>
        <p class="muted">
          Approved posts waiting for a time. Once scheduled they move to the <a href={appPath('/schedule')}>schedule</a>.
          {!canSchedule && ' Your role cannot schedule posts; an owner or admin can.'}
        </p>
        {shown.length === 0 ? (
          <p>
            No approved post is waiting. Posts appear here once a reviewer approves them in the <a href={appPath('/queue')}>review queue</a>.
          </p>
        ) : (
          <table class="stack">
            <caption class="muted">
              {shown.length} post{shown.length === 1 ? '' : 's'} approved and not yet scheduled, longest-approved first
              {rows.length > LIMIT ? ` (the first ${LIMIT})` : ''}. Times in {zone}.
            </caption>
            <thead>
              <tr>
                <th scope="col">Post</th>
                <th scope="col">Channel</th>
                <th scope="col">Campaign</th>
                <th scope="col">Approved</th>
                <th scope="col">
                  <span class="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr>
                  <td class="excerpt" data-label="Post">
                    <a href={appPath(`/posts/${row.postId}`)}>{row.copy.slice(0, 90) || '(no copy)'}</a>
                    {row.variantOf && <span class="muted"> · variant</span>}
                  </td>
                  <td data-label="Channel">{channelNamesForPeople[row.channel] ?? row.channel}</td>
                  <td data-label="Campaign">
                    {row.campaignName}
                    {row.release && <span class="muted"> · {row.release.version}</span>}
                  </td>
                  <td data-label="Approved">
                    {row.approvedAt && <Time at={row.approvedAt} zone={zone} />}
                    {row.approvedBy && <span class="muted"> by {approvers.get(row.approvedBy) ?? 'a former member'}</span>}
                  </td>
                  <td data-label="Action">
                    {canSchedule && (
                      <a class="button secondary small" href={appPath(`/posts/${row.postId}#schedule-heading`)}>
                        Schedule<span class="visually-hidden"> this {channelNamesForPeople[row.channel] ?? row.channel} post</span>
                      </a>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </>,
    );
  });
}
