import { buildLaunchApp } from './api';
import { resealConnections } from './connections/reseal';
import type { LaunchBindings } from './env';
import { pollDueSources } from './intake/scheduled';
import { deliverNotifications } from './notifications/scheduled';
import { publishDuePosts } from './publishing/scheduled';
import { resumeOnboardingRuns } from './onboarding/ports';

export { LaunchKeyGate } from './auth/key-gate';
export { ScreenshotBrowser } from './editor/screenshot-browser';
export { IdempotencyStore } from '../../shared/limits/idempotency-store';

const app = buildLaunchApp();

export default {
  fetch: app.fetch,
  // Every minute: publish what is due, send the notifications that are due, check the release-intake
  // sources that are due, and re-seal connections under a rotated key. Each runs on its own, so a
  // failure in one never holds up the others.
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(publishDuePosts(env));
    ctx.waitUntil(deliverNotifications(env));
    ctx.waitUntil(resumeOnboardingRuns(env));
    ctx.waitUntil(pollDueSources(env));
    ctx.waitUntil(resealConnections(env));
  },
} satisfies ExportedHandler<LaunchBindings>;
