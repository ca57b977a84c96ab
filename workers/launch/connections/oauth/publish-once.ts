import { PublishError, type PublishRequest, type PublishResult } from '../../publishing/channel-adapter';

/** What reading the account back said: the post is there, it is not, or the network cannot be asked. */
export type Lookup = { kind: 'found'; result: PublishResult } | { kind: 'absent' } | { kind: 'cannot_tell'; reason: string };

/** The create call was sent and no answer came: the post may be on the network. */
export class SentWithoutAnswer extends Error {
  override name = 'SentWithoutAnswer';
}

/** Links are compared as placeholders: X answers with its t.co links in place of the ones sent. */
const LINK = /https?:\/\/\S+/g;
export const sameCopy = (sent: string, read: string) => sent.replace(LINK, '<link>').trim() === read.replace(LINK, '<link>').trim();

/**
 * Exactly once where the network has no idempotency key. Before sending again after an attempt
 * whose outcome was unknown, and right after a create call that got no answer, the account's posts
 * since the delivery fell due are read for this exact copy: found, it is the published post;
 * absent, sending (again, later) is safe; not readable, the delivery stops as `unknown` for a person.
 */
export async function publishOnce(
  request: PublishRequest,
  label: string,
  steps: { lookup(since: Date): Promise<Lookup>; send(): Promise<PublishResult> },
): Promise<PublishResult> {
  // A minute before it fell due: nothing earlier can be this delivery's post, whatever the clocks say.
  const since = new Date(Date.parse(request.scheduledFor) - 60_000);
  const lookup = async () =>
    steps.lookup(since).catch((error: unknown): Lookup => ({ kind: 'cannot_tell', reason: error instanceof Error ? error.message : String(error) }));
  if (request.previousAttemptUnknown) {
    const earlier = await lookup();
    if (earlier.kind === 'found') return earlier.result;
    if (earlier.kind === 'cannot_tell') throw unknown(label, 'An earlier attempt was sent and its answer never came', earlier.reason);
  }
  try {
    return await steps.send();
  } catch (error) {
    if (!(error instanceof SentWithoutAnswer)) throw error;
    const after = await lookup();
    if (after.kind === 'found') return after.result;
    if (after.kind === 'cannot_tell') throw unknown(label, `${label} got the post and sent no answer (${error.message})`, after.reason);
    throw new PublishError(
      `${label} sent no answer (${error.message}) and the post is not on the account; it is tried again later, after looking once more.`,
      true,
      { maybeSent: true },
    );
  }
}

function unknown(label: string, what: string, reason: string) {
  return new PublishError(
    `${what}, and whether the post went out on ${label} cannot be told: ${reason} Look at the account, then say what you found (POST /api/v1/posts/{postId}/delivery-outcome): published, with the post's URL, or not published, to try again.`,
    false,
    { outcome: 'unknown' },
  );
}
