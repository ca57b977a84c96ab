import { buildVerifyApp } from './app';
import { handleBulkBatch } from './bulk/consumer';
import { deliverDueWebhooks } from './bulk/webhooks';
import type { VerifyBindings } from './env';
import { RETENTION_CRON, REVERIFICATION_CRON, WEBHOOK_CRON } from './crons';
import { purgeExpiredResults, reverifyDueAddresses } from './scheduled';

export { VerifyKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';
export { MxHostGate } from './bulk/mx-host-gate';

const app = buildVerifyApp();

export default {
  fetch: app.fetch,
  queue(batch, env, ctx) {
    return handleBulkBatch(batch, env, ctx);
  },
  scheduled(controller, env, ctx) {
    if (controller.cron === WEBHOOK_CRON) ctx.waitUntil(deliverDueWebhooks(env));
    if (controller.cron === RETENTION_CRON) ctx.waitUntil(purgeExpiredResults(env));
    if (controller.cron === REVERIFICATION_CRON) ctx.waitUntil(reverifyDueAddresses(env));
  },
} satisfies ExportedHandler<VerifyBindings>;
