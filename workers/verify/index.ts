import { buildVerifyApp } from './app';
import type { VerifyBindings } from './env';
import { purgeExpiredResults, RETENTION_CRON } from './scheduled';

export { VerifyKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildVerifyApp();

export default {
  fetch: app.fetch,
  scheduled(controller, env, ctx) {
    if (controller.cron === RETENTION_CRON) ctx.waitUntil(purgeExpiredResults(env));
  },
} satisfies ExportedHandler<VerifyBindings>;
