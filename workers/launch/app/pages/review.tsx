import type { Hono } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../../../shared/http/api-error';
import { prefixedId } from '../../../../shared/http/ids';
import { isTimeZone } from '../../domain/zoned-time';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { launchRolePermissions } from '../../auth/roles';
import { actorOf } from '../../services/audit';
import { assetDeps, DOWNLOAD_URL_SECONDS, signDownload } from '../../services/assets';
import { userLabels } from '../../services/members';
import { decide, reviewDetail } from '../../services/reviews';
import { channelNamesForPeople, StatusBadge } from '../components/bits';
import { BriefSlot, EditedCopyNotice } from '../components/review/brief-slot';
import { getPostSources } from '../../services/briefs';
import { ChangesPanel } from '../components/review/changes-panel';
import { DeliveryFacts } from '../components/review/delivery-facts';
import { listConnections } from '../../services/connections';
import { CopyPanel } from '../components/review/copy-panel';
import { DecisionForm } from '../components/review/decision-form';
import { UnknownOutcomeForm } from '../components/review/unknown-outcome-form';
import { CancelForm, defaultScheduleValues, ScheduleForm, type ScheduleValues, type SignInCheck } from '../components/review/schedule-forms';
import { reauthenticationReason } from '../../auth/recent-sign-in';
import { getUser } from '../../services/members';
import type { ShownVisual } from '../components/review/visuals-panel';
import { VisualsPanel } from '../components/review/visuals-panel';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, signedIn } from '../guards';
import { Notice } from '../layout';
import { renderPage } from '../render';

const postIdSchema = prefixedId('pst');

/** A malformed id names no post: the same 404 page as an id of another workspace. */
export function postIdOf(c: PageContext): string {
  const parsed = postIdSchema.safeParse(c.req.param('postId'));
  if (!parsed.success) throw new ApiError('not_found', 'No post with this id in this workspace.', { hint: 'Open posts from the review queue.' });
  return parsed.data;
}

const decisionForm = z.object({
  decision: z.enum(['approve', 'reject', 'request_changes']),
  note: z.string().max(2000).optional(),
  contentFingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});

export interface ReviewPageExtras {
  notice?: { kind: 'ok' | 'error'; text: string };
  status?: ContentfulStatusCode;
  schedule?: { values: ScheduleValues; error?: string };
  note?: string;
  /** The URL a person gave for a delivery whose outcome was unknown, and why it was refused. */
  outcome?: { url: string; error: string };
}

async function shownVisuals(c: PageContext, visuals: Array<{ url: string; altText: string; assetId: string | null }>): Promise<ShownVisual[]> {
  const deps = visuals.some((visual) => visual.assetId) ? await assetDeps(c.env, c.get('services').db, c.req.url) : undefined;
  return Promise.all(
    visuals.map(async (visual) => {
      if (visual.assetId && deps) {
        const signed = await signDownload(deps, personOf(c).workspaceId, visual.assetId, DOWNLOAD_URL_SECONDS.default).catch(() => undefined);
        return { altText: visual.altText, src: signed?.url ?? null, label: 'Uploaded file' };
      }
      return { altText: visual.altText, src: visual.url.startsWith('https://') ? visual.url : null, label: visual.url };
    }),
  );
}

/** The list a post in this state is found in, for the way back and the navigation. */
function listOf(status: string): { path: string; label: string } {
  if (status === 'approved') return { path: '/ready', label: 'Ready to schedule' };
  if (['scheduled', 'publishing', 'published', 'failed'].includes(status)) return { path: '/schedule', label: 'Schedule' };
  return { path: '/queue', label: 'Review queue' };
}

/** What scheduling will ask of this sign-in, so the form says so before it is sent. */
async function signInCheck(c: PageContext): Promise<SignInCheck> {
  const person = personOf(c);
  const reason = reauthenticationReason(person);
  if (!reason) return null;
  const user = await getUser(c.get('services').db, person.userId);
  return user.totpEnabledAt ? reason : 'not_enrolled';
}

const scheduleQuery = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), time: z.string().regex(/^\d{2}:\d{2}$/), timeZone: z.string().max(64) });

/** A time picked earlier and carried back in the link (from the sign-in-again page), so nothing is typed twice. */
function scheduleValuesFromQuery(c: PageContext): ScheduleValues | undefined {
  const parsed = scheduleQuery.safeParse(c.req.query());
  return parsed.success && isTimeZone(parsed.data.timeZone) ? parsed.data : undefined;
}

/** The review page of one post; actions re-render it with a notice when they cannot go ahead. */
export async function reviewPage(c: PageContext, postId: string, extras: ReviewPageExtras = {}): Promise<Response> {
  const { db } = c.get('services');
  const person = personOf(c);
  const zone = c.get('timeZone');
  const detail = await reviewDetail(db, person.workspaceId, postId);
  const { post, previousDecision } = detail;
  const permissions = launchRolePermissions(person.role);
  const labels = await userLabels(db, previousDecision ? [previousDecision.decidedBy] : []);
  const visuals = await shownVisuals(c, detail.visuals);
  const sources = await getPostSources(db, person.workspaceId, postId);
  const channel = channelNamesForPeople[post.channel] ?? post.channel;
  const schedulable = post.status === 'approved' && permissions.has('post:schedule');
  const signIn: SignInCheck = schedulable ? await signInCheck(c) : null;
  const connectionId = detail.delivery?.connectionId;
  const account = connectionId
    ? ((await listConnections(db, person.workspaceId)).find((connection) => connection.id === connectionId)?.accountName ?? null)
    : null;
  const from = listOf(post.status);
  return renderPage(
    c,
    { title: `${channel} post · ${detail.campaign.name}`, current: from.path, status: extras.status },
    <>
      <p>
        <a href={appPath(from.path)}>← {from.label}</a>
      </p>
      <h1>
        {channel} post for “{detail.campaign.name}” <StatusBadge status={post.status} />
      </h1>
      {extras.notice && <Notice kind={extras.notice.kind}>{extras.notice.text}</Notice>}
      <dl class="facts">
        <dt>Campaign</dt>
        <dd>
          {detail.campaign.name} · <a href={appPath(`/campaigns/${detail.campaign.id}/audit`)}>audit trail</a>
        </dd>
        <dt>Release</dt>
        <dd>{detail.release ? `${detail.release.version} · ${detail.release.title}` : 'none'}</dd>
        {post.variantOf && (
          <>
            <dt>Variant of</dt>
            <dd>
              <a href={appPath(`/posts/${post.variantOf}`)}>the main post</a>
            </dd>
          </>
        )}
        <DeliveryFacts delivery={detail.delivery} account={account} zone={zone} />
        <dt>Content</dt>
        <dd class="fingerprint">{post.contentFingerprint}</dd>
      </dl>
      <div class="review">
        <div>
          <EditedCopyNotice sources={sources} />
          <CopyPanel channel={post.channel} copy={post.copy} />
          <VisualsPanel visuals={visuals} />
          <ChangesPanel
            previous={previousDecision && { ...previousDecision, by: labels.get(previousDecision.decidedBy) ?? 'Someone' }}
            copy={post.copy}
            visuals={detail.visuals}
            fingerprint={post.contentFingerprint}
            zone={zone}
          />
          <BriefSlot sources={sources} />
        </div>
        <div>
          {post.status === 'in_review' && permissions.has('review:decide') && (
            <DecisionForm postId={post.id} fingerprint={post.contentFingerprint} note={extras.note} />
          )}
          {post.status === 'in_review' && !permissions.has('review:decide') && <p class="muted">Your role cannot decide on posts.</p>}
          {post.status === 'approved' && permissions.has('post:schedule') && (
            <ScheduleForm
              postId={post.id}
              values={extras.schedule?.values ?? scheduleValuesFromQuery(c) ?? defaultScheduleValues(zone)}
              error={extras.schedule?.error}
              signIn={signIn}
            />
          )}
          {post.status === 'scheduled' && permissions.has('post:schedule') && (
            <CancelForm postId={post.id} scheduledFor={detail.delivery?.status === 'pending' ? detail.delivery.scheduledFor : null} zone={zone} />
          )}
          {post.status === 'failed' && detail.delivery?.status === 'unknown' && permissions.has('post:schedule') && (
            <UnknownOutcomeForm postId={post.id} lastError={detail.delivery.lastError} url={extras.outcome?.url} error={extras.outcome?.error} />
          )}
        </div>
      </div>
    </>,
  );
}

const doneNotices: Record<string, string> = {
  cancelled: 'Taken off the schedule. The approval stands; you can schedule it again.',
  confirmed_published: 'Recorded as published, with its URL.',
  confirmed_not_published: 'Back on the schedule: it is tried again now.',
};

function doneNotice(done: string | undefined): ReviewPageExtras {
  const text = done ? doneNotices[done] : undefined;
  return text ? { notice: { kind: 'ok', text } } : {};
}

export function registerReviewPages(pages: Hono<PageEnv>): void {
  pages.get('/posts/:postId', signedIn, allowed('artifact:read'), (c) => reviewPage(c, postIdOf(c), doneNotice(c.req.query('done'))));

  pages.post('/posts/:postId/decision', signedIn, allowed('review:decide'), async (c) => {
    const postId = postIdOf(c);
    const parsed = decisionForm.safeParse(await c.req.parseBody());
    if (!parsed.success) {
      return reviewPage(c, postId, { status: 400, notice: { kind: 'error', text: 'Choose approve, request changes or reject, then send.' } });
    }
    const { decision, note, contentFingerprint } = parsed.data;
    try {
      await decide(c.get('services').db, personOf(c).workspaceId, actorOf(personOf(c)), postId, {
        decision,
        note: note?.trim() || undefined,
        contentFingerprint,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_transition') throw error;
      const changed = error.details.currentFingerprint !== undefined;
      return reviewPage(c, postId, {
        status: 409,
        note,
        notice: {
          kind: 'error',
          text: changed
            ? 'Not sent: this post was edited after you opened it. The page now shows the current content; review it and decide again.'
            : `Not sent: ${error.message}`,
        },
      });
    }
    return c.redirect(appPath(`/queue?done=${decision}`), 303);
  });
}
