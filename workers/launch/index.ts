import { buildLaunchApp } from './app';
import type { LaunchBindings } from './env';
import { publishDuePosts } from './publishing/scheduled';

export { LaunchKeyGate } from './auth/key-gate';
export { ScreenshotBrowser } from './utilities/screenshot-browser';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildLaunchApp();

export default {
  fetch: app.fetch,
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(publishDuePosts(env));
  },
} satisfies ExportedHandler<LaunchBindings>;
