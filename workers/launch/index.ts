import { buildLaunchApp } from './app';
import type { LaunchBindings } from './env';
import { pollDueSources } from './intake/scheduled';
import { deliverNotifications } from './notifications/scheduled';
import { publishDuePosts } from './publishing/scheduled';
import { resumeOnboardingRuns } from './services/onboarding-ports';

export { LaunchKeyGate } from './auth/key-gate';
export { ScreenshotBrowser } from './utilities/screenshot-browser';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildLaunchApp();

export default {
  fetch: app.fetch,
  // Every minute: publish what is due, send the notifications that are due, and check the
  // release-intake sources that are due. Each runs on its own, so a failure in one never holds up another.
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(publishDuePosts(env));
    ctx.waitUntil(deliverNotifications(env));
    ctx.waitUntil(resumeOnboardingRuns(env));
    ctx.waitUntil(pollDueSources(env));
  },
} satisfies ExportedHandler<LaunchBindings>;
