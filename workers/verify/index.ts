import { buildVerifyApp } from './app';
import type { VerifyBindings } from './env';

export { VerifyKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildVerifyApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<VerifyBindings>;
