import type { postDeliveries } from '../../../shared/db/schema';

type DeliveryRow = typeof postDeliveries.$inferSelect;

/** Delivery states; a listing for `failed` alone shows every failed delivery, retried or not. */
export const deliveryStatuses = ['pending', 'publishing', 'published', 'failed', 'cancelled', 'unknown'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** When a delivery that failed an attempt will be tried again; null unless it is waiting for a retry. */
export function retryingAt(delivery: DeliveryRow): string | null {
  return delivery.status === 'pending' && delivery.attempts > 0 && delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null;
}

export function deliveryView(delivery: DeliveryRow) {
  return {
    id: delivery.id,
    connectionId: delivery.connectionId,
    status: delivery.status as DeliveryStatus,
    scheduledFor: delivery.scheduledFor.toISOString(),
    attempts: delivery.attempts,
    nextAttemptAt: retryingAt(delivery),
    lastError: delivery.lastError,
    externalId: delivery.externalId,
    externalUrl: delivery.externalUrl,
    publishedAt: delivery.publishedAt?.toISOString() ?? null,
  };
}
