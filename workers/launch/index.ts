import { buildLaunchApp } from './app';
import type { LaunchBindings } from './env';

export { LaunchKeyGate } from './auth/key-gate';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildLaunchApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<LaunchBindings>;
