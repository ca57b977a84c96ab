import { createApp } from '../../shared/http/app';
import { services } from '../../shared/platform/services';
import { launchConfigSchema } from './config';
import type { LaunchEnv } from './env';
import { registerHealthRoutes } from './routes/health';

/** The whole launch surface, grouped by resource; each register call lives in routes/<resource>.ts. */
export function buildLaunchApp() {
  const app = createApp<LaunchEnv>();
  app.use(services(launchConfigSchema));

  registerHealthRoutes(app);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Launch Workspace API',
      version: '1.0.0',
      description: 'Turns a software release into a reviewed launch: a cited brief, visuals and channel posts.',
    },
  });
  return app;
}
