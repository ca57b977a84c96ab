import { buildVerifyApp } from './app';
import type { VerifyBindings } from './env';

const app = buildVerifyApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<VerifyBindings>;
