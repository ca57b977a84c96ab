import type { OutcomeType } from '../../../../shared/db/schema';

/** One provider event, as an outcome to record; `type` null when the event says nothing we record (opens, clicks). */
export interface ProviderEvent {
  email: string;
  type: OutcomeType | null;
  occurredAt: Date;
  messageId: string | null;
  /** The provider's id for the event: a delivery of the same event again is recorded once. */
  eventId: string;
  detail: Record<string, unknown>;
}

/**
 * A signature that covers itself and not the body (Mailgun's timestamp and token): it is good for
 * one delivery, so its token is remembered until `expiresAt`, past the last moment its timestamp
 * is accepted, and a second delivery under it is refused.
 */
export interface OneTimeToken {
  value: string;
  expiresAt: Date;
}

/**
 * The payload is not what the provider sends (400), its signature does not hold (401), or what
 * checking it needs from the provider could not be had (502, so that the provider retries).
 */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
  constructor(
    readonly kind: 'malformed' | 'signature' | 'upstream',
    message: string,
  ) {
    super(message);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
export const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new DeliveryError('malformed', 'The body is not JSON.');
  }
}

export function dateOf(value: unknown, fallback: Date): Date {
  const date = typeof value === 'number' ? new Date(value * 1000) : typeof value === 'string' ? new Date(value) : fallback;
  return Number.isNaN(date.getTime()) ? fallback : date;
}

export function hexOf(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
