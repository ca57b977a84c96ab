import { buildLaunchApp } from './app';
import type { LaunchBindings } from './env';

const app = buildLaunchApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<LaunchBindings>;
