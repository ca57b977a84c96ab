import type { Database } from '../../../shared/db/client';
import { ApiError } from '../../../shared/http/api-error';
import { ipInRanges, parseIpRange, type IpRange } from '../feedback/cidr';
import { DeliveryError, parseJson, type ProviderEvent } from '../feedback/providers/event';
import { parseGeneric } from '../feedback/providers/generic';
import { parseMailgun } from '../feedback/providers/mailgun';
import { parsePostmark } from '../feedback/providers/postmark';
import { parseSendgrid, SENDGRID_SIGNATURE_HEADER, SENDGRID_TIMESTAMP_HEADER, verifySendgridSignature } from '../feedback/providers/sendgrid';
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
}

/**
 * One provider delivery: the token names the endpoint, `allowed_ips` and the provider's signature
 * (when it has one) must hold, then each event that is an outcome is recorded once per endpoint
 * (its provider event id is the dedupe key), with the suppressions the workspace policy makes.
 */
export async function receiveDelivery(db: Database, request: DeliveryRequest, now: Date = new Date()): Promise<DeliveryResult> {
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
  let events: ProviderEvent[];
  try {
    events = await parseDelivery(endpoint, request, now);
  } catch (error) {
    if (!(error instanceof DeliveryError)) throw error;
    throw error.kind === 'signature'
      ? new ApiError('unauthorized', error.message, { hint: "Check the endpoint's provider_config against the provider's webhook settings." })
      : new ApiError('bad_request', error.message, { hint: `Send the ${endpoint.provider} webhook payload unchanged.` });
  }
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
  const results = await recordOutcomes(db, endpoint.tenantId, outcomes);
  await touchEndpoint(db, endpoint.id);
  const recorded = results.filter((result) => result.created).length;
  return { received: events.length, recorded, duplicates: results.length - recorded, ignored: events.length - outcomes.length };
}

async function parseDelivery(endpoint: EndpointRow, request: DeliveryRequest, now: Date): Promise<ProviderEvent[]> {
  const config = endpoint.providerConfig;
  switch (endpoint.provider) {
    case 'postmark':
      return parsePostmark(parseJson(request.body), now);
    case 'generic':
      return parseGeneric(parseJson(request.body), now);
    case 'mailgun':
      // Awaited here, so a rejection has its handler at once (a returned promise gets one a tick late).
      return await parseMailgun(parseJson(request.body), typeof config.signing_key === 'string' ? config.signing_key : null, now);
    case 'sendgrid': {
      if (typeof config.verification_key === 'string') {
        const signature = request.headers.get(SENDGRID_SIGNATURE_HEADER);
        const timestamp = request.headers.get(SENDGRID_TIMESTAMP_HEADER);
        if (!signature || !timestamp) throw new DeliveryError('signature', 'The SendGrid signature headers are missing.');
        if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 300)
          throw new DeliveryError('signature', 'The SendGrid signature is more than 5 minutes old.');
        if (!(await verifySendgridSignature(config.verification_key, signature, timestamp, request.body))) {
          throw new DeliveryError('signature', 'The SendGrid signature does not match the verification key.');
        }
      }
      return parseSendgrid(parseJson(request.body), now);
    }
  }
}
