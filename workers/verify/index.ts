import { buildVerifyApp } from './app';
import { handleBulkBatch } from './bulk/consumer';
import { deliverDueWebhooks } from './bulk/webhooks';
import type { VerifyBindings } from './env';

export { VerifyKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';
export { MxHostGate } from './bulk/mx-host-gate';

const app = buildVerifyApp();

export default {
  fetch: app.fetch,
  queue(batch, env) {
    return handleBulkBatch(batch, env);
  },
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(deliverDueWebhooks(env));
  },
} satisfies ExportedHandler<VerifyBindings>;
