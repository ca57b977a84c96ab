import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../shared/db/client';
import { providerDeliveryTokens } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';
import { ipInRanges, parseIpRange, type IpRange } from './cidr';
import { DeliveryError, parseJson, type OneTimeToken, type ProviderEvent } from './providers/event';
import { parseGeneric } from './providers/generic';
import { parseMailgun } from './providers/mailgun';
import { parsePostmark } from './providers/postmark';
import { parseSesNotification } from './providers/ses';
import { confirmSnsSubscription, parseSnsMessage, verifySnsSignature, type SnsPorts } from './providers/sns';
import { parseSendgrid, SENDGRID_SIGNATURE_HEADER, SENDGRID_TIMESTAMP_HEADER, verifySendgridSignature } from './providers/sendgrid';
import { outcomeAddress, recordOutcomes } from './outcomes';
import { endpointByToken, touchEndpoint, type EndpointRow } from './provider-endpoints';

export interface DeliveryRequest {
  token: string;
  /** The caller's address (`CF-Connecting-IP`); null when unknown. */
  clientIp: string | null;
  headers: Headers;
  body: string;
}

export interface DeliveryResult {
  received: number;
  recorded: number;
  duplicates: number;
  ignored: number;
  /** Amazon SES endpoints: the SNS subscription confirmation or unsubscribe notice this delivery was. */
  sns_subscription?: 'confirmed' | 'unsubscribed';
}

/** What deliveries reach beyond the database: Amazon SNS, for SES endpoints. */
export interface DeliveryPorts {
  sns: SnsPorts;
}

/**
 * One provider delivery: the token names the endpoint, `allowed_ips` and the provider's signature
 * (when it has one) must hold, then each event that is an outcome is recorded once per endpoint
 * (its provider event id is the dedupe key), with the suppressions the workspace policy makes.
 */
export async function receiveDelivery(db: Database, request: DeliveryRequest, ports: DeliveryPorts, now: Date = new Date()): Promise<DeliveryResult> {
  const endpoint = await endpointByToken(db, request.token);
  if (!endpoint)
    throw new ApiError('unauthorized', 'This delivery URL is not valid.', {
      hint: 'Copy the delivery_url shown when the endpoint was created or its token rotated.',
    });
  if (endpoint.status !== 'active')
    throw new ApiError('forbidden', 'This provider endpoint is paused.', { hint: 'Set its status to active with PATCH /v1/provider-endpoints/{endpoint_id}.' });
  if (endpoint.allowedIps !== null) {
    const ranges = endpoint.allowedIps.map(parseIpRange).filter((range): range is IpRange => range !== null);
    if (request.clientIp === null || !ipInRanges(request.clientIp, ranges)) {
      throw new ApiError('forbidden', `Deliveries from ${request.clientIp ?? 'an unknown address'} are not allowed on this endpoint.`, {
        hint: "Add the provider's sending addresses to allowed_ips.",
      });
    }
  }
  let parsed: ParsedDelivery;
  try {
    parsed = await parseDelivery(endpoint, request, ports, now);
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    if (error.kind === 'upstream') throw new ApiError('upstream_error', error.message, { hint: 'Nothing was recorded; the provider retries the delivery.' });
    throw error.kind === 'signature'
      ? new ApiError('unauthorized', error.message, { hint: "Check the endpoint's provider_config against the provider's webhook settings." })
      : new ApiError('bad_request', error.message, { hint: `Send the ${endpoint.provider} webhook payload unchanged.` });
  }
  const { events } = parsed;
  const outcomes = events.flatMap((event) => {
    const email = outcomeAddress(event.email);
    return event.type && email
      ? [
          {
            email,
            type: event.type,
            occurredAt: event.occurredAt,
            provider: endpoint.provider,
            messageId: event.messageId,
            endpointId: endpoint.id,
            detail: event.detail,
            dedupeKey: `${endpoint.id}:${event.eventId}`,
          },
        ]
      : [];
  });
  const { oneTimeToken } = parsed;
  const results = await recordOutcomes(db, endpoint.tenantId, outcomes, oneTimeToken && ((tx) => claimToken(tx, endpoint, oneTimeToken)));
  await touchEndpoint(db, endpoint.id);
  const recorded = results.filter((result) => result.created).length;
  return {
    received: events.length,
    recorded,
    duplicates: results.length - recorded,
    ignored: events.length - outcomes.length,
    ...(parsed.snsSubscription && { sns_subscription: parsed.snsSubscription }),
  };
}

/** Tokens one statement deletes at most, so the purge never holds a long lock. */
const TOKEN_PURGE_BATCH = 5_000;

/** Forgets the one-time tokens whose timestamps can no longer be accepted (the hourly retention run). */
export async function purgeExpiredDeliveryTokens(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.execute(sql`
      delete from verify.provider_delivery_tokens
      where (endpoint_id, token) in (
        select endpoint_id, token from verify.provider_delivery_tokens where expires_at < ${now.toISOString()}::timestamptz limit ${TOKEN_PURGE_BATCH}
      )`);
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < TOKEN_PURGE_BATCH) return total;
  }
}

interface ParsedDelivery {
  events: ProviderEvent[];
  snsSubscription?: 'confirmed' | 'unsubscribed';
  oneTimeToken?: OneTimeToken;
}

/**
 * Claims a signature's one-time token with the outcomes of its delivery: a second delivery under
 * it (a captured request, altered or not) is refused and records nothing, and of concurrent ones
 * only the first is taken. A delivery that fails leaves its token unclaimed.
 */
async function claimToken(tx: Executor, endpoint: EndpointRow, token: OneTimeToken): Promise<void> {
  const [claimed] = await tx
    .insert(providerDeliveryTokens)
    .values({ endpointId: endpoint.id, token: token.value, expiresAt: token.expiresAt })
    .onConflictDoNothing()
    .returning({ token: providerDeliveryTokens.token });
  if (!claimed) {
    throw new ApiError('unauthorized', "The signature's token was used by an earlier delivery to this endpoint; each token is good for one delivery.", {
      hint: 'Nothing was recorded. The provider signs every delivery afresh, so a copy of an earlier request is refused.',
    });
  }
}

/**
 * Amazon SES through SNS: the SNS signature first (and the topic, when the endpoint names its
 * topics), then a subscription confirmation is confirmed, and a notification's SES events read.
 */
async function parseSesDelivery(endpoint: EndpointRow, request: DeliveryRequest, ports: DeliveryPorts, now: Date): Promise<ParsedDelivery> {
  const message = parseSnsMessage(parseJson(request.body));
  const topics = endpoint.providerConfig.topic_arns;
  if (Array.isArray(topics) && !topics.includes(message.TopicArn)) {
    throw new DeliveryError('signature', `Topic ${message.TopicArn} is not one of this endpoint's provider_config.topic_arns.`);
  }
  await verifySnsSignature(message, ports.sns, now);
  switch (message.Type) {
    case 'SubscriptionConfirmation':
      await confirmSnsSubscription(message, ports.sns);
      return { events: [], snsSubscription: 'confirmed' };
    case 'UnsubscribeConfirmation':
      // The subscription was removed on the AWS side; nothing to do here, and nothing to resubscribe.
      return { events: [], snsSubscription: 'unsubscribed' };
    case 'Notification':
      return { events: parseSesNotification(message.Message, message.MessageId, now) };
  }
}

async function parseDelivery(endpoint: EndpointRow, request: DeliveryRequest, ports: DeliveryPorts, now: Date): Promise<ParsedDelivery> {
  const config = endpoint.providerConfig;
  switch (endpoint.provider) {
    case 'ses':
      return await parseSesDelivery(endpoint, request, ports, now);
    case 'postmark':
      return { events: parsePostmark(parseJson(request.body), now) };
    case 'generic':
      return { events: parseGeneric(parseJson(request.body), now) };
    case 'mailgun':
      // Awaited here, so a rejection has its handler at once (a returned promise gets one a tick late).
      return await parseMailgun(parseJson(request.body), typeof config.signing_key === 'string' ? config.signing_key : null, now);
    case 'sendgrid': {
      if (typeof config.verification_key === 'string') {
        const signature = request.headers.get(SENDGRID_SIGNATURE_HEADER);
        const timestamp = request.headers.get(SENDGRID_TIMESTAMP_HEADER);
        if (!signature || !timestamp) throw new DeliveryError('signature', 'The SendGrid signature headers are missing.');
        const signedAt = Number(timestamp);
        if (!Number.isFinite(signedAt) || Math.abs(now.getTime() / 1000 - signedAt) > 300)
          throw new DeliveryError('signature', 'The SendGrid signature is more than 5 minutes old.');
        if (!(await verifySendgridSignature(config.verification_key, signature, timestamp, request.body))) {
          throw new DeliveryError('signature', 'The SendGrid signature does not match the verification key.');
        }
      }
      return { events: parseSendgrid(parseJson(request.body), now) };
    }
  }
}
