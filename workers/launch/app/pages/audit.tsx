import type { Hono } from 'hono';
import { ApiError } from '../../../../shared/http/api-error';
import { decodeCursor, page } from '../../../../shared/http/pagination';
import { prefixedId } from '../../../../shared/http/ids';
import { listAudit } from '../../services/audit';
import { getCampaign } from '../../services/campaigns';
import { auditNames } from '../../services/audit-names';
import { channelNamesForPeople, Time } from '../components/bits';
import { appPath, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { renderPage } from '../render';

const PAGE_SIZE = 100;

export function registerAuditPage(pages: Hono<PageEnv>): void {
  pages.get('/campaigns/:campaignId/audit', signedIn, allowed('artifact:read'), async (c) => {
    const id = prefixedId('cmp').safeParse(c.req.param('campaignId'));
    if (!id.success) throw new ApiError('not_found', 'No campaign with this id in this workspace.', { hint: 'Open campaigns from a post.' });
    const { db } = c.get('services');
    const workspaceId = personOf(c).workspaceId;
    const campaign = await getCampaign(db, workspaceId, id.data);
    const rows = await listAudit(db, workspaceId, { campaignId: campaign.id }, decodeCursor(c.req.query('cursor')), PAGE_SIZE);
    const { data, nextCursor } = page(rows, PAGE_SIZE);
    const names = await auditNames(db, workspaceId, data);
    const zone = c.get('timeZone');
    const who = (actor: { type: string; id: string }) => {
      if (actor.type === 'user') return names.people.get(actor.id) ?? 'A former member';
      if (actor.type === 'key') {
        const name = names.keys.get(actor.id);
        return name ? `API key “${name}”` : 'A deleted API key';
      }
      return 'The publisher';
    };
    const postName = (postId: string) => {
      const post = names.posts.get(postId);
      if (!post) return null;
      return `${channelNamesForPeople[post.channel] ?? post.channel} post${post.variant ? ' (variant)' : ''}`;
    };
    return renderPage(
      c,
      { title: `Audit trail · ${campaign.name}` },
      <>
        <h1>Audit trail of “{campaign.name}”</h1>
        <p class="muted">Every change to the campaign and its posts, oldest first. Times in {zone}.</p>
        <table class="stack">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Post</th>
              <th scope="col">Note</th>
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr>
                <td data-label="When">
                  <Time at={row.at} zone={zone} />
                </td>
                <td data-label="Who">{who(row.actor)}</td>
                <td data-label="What">
                  {row.action.replace('_', ' ')}
                  {row.from && row.to && row.from !== row.to && <span class="muted"> ({`${row.from} → ${row.to}`.replaceAll('_', ' ')})</span>}
                  {row.changedFields?.length ? <span class="muted"> · {row.changedFields.join(', ')}</span> : null}
                </td>
                <td data-label="Post">
                  {row.postId &&
                    (postName(row.postId) ? <a href={appPath(`/posts/${row.postId}`)}>{postName(row.postId)}</a> : <span class="muted">a deleted post</span>)}
                </td>
                <td data-label="Note">{row.note ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {nextCursor && (
          <p class="pager">
            <a href={appPath(`/campaigns/${campaign.id}/audit?cursor=${encodeURIComponent(nextCursor)}`)}>Later changes</a>
          </p>
        )}
      </>,
    );
  });
}
