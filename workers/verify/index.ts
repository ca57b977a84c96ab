import { readConfig } from '../../shared/config';
import { buildVerifyApp } from './app';
import { handleBulkBatch } from './queue/consumer';
import { deliverDueWebhooks } from './bulk/webhooks';
import { verifyConfigSchema } from './config';
import type { VerifyBindings } from './env';
import { buildOperatorApp } from './operator/app';
import { reachesOperatorPlane } from './operator/plane';
import { RETENTION_CRON, REVERIFICATION_CRON, WEBHOOK_CRON } from './crons';
import { expireSuppressions, purgeExpiredResults, reverifyDueAddresses, runPipelineSweep } from './scheduled';

export { VerifyKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';
export { MxHostGate } from './checks/mx-host-gate';

const app = buildVerifyApp();
/** The private operator plane, a separate app behind its own door (operator/plane.ts). */
const operatorApp = buildOperatorApp(app);

export default {
  // Typed as app.fetch is, so tests may hand it any superset of the bindings.
  fetch(request: Request, env: object, ctx: ExecutionContext) {
    const operator = reachesOperatorPlane(new URL(request.url), readConfig(verifyConfigSchema, env));
    return (operator ? operatorApp : app).fetch(request, env, ctx);
  },
  queue(batch, env, ctx) {
    return handleBulkBatch(batch, env, ctx);
  },
  scheduled(controller, env, ctx) {
    if (controller.cron === WEBHOOK_CRON) ctx.waitUntil(Promise.all([deliverDueWebhooks(env), runPipelineSweep(env)]));
    if (controller.cron === RETENTION_CRON) {
      ctx.waitUntil(purgeExpiredResults(env));
      // The trigger's own time, so a test can run the sweep as of a later hour.
      ctx.waitUntil(expireSuppressions(env, new Date(controller.scheduledTime)));
    }
    if (controller.cron === REVERIFICATION_CRON) ctx.waitUntil(reverifyDueAddresses(env));
  },
} satisfies ExportedHandler<VerifyBindings>;
