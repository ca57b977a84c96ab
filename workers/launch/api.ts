import { createApp } from '../../shared/http/app';
import { documentInfo } from '../../shared/http/openapi-document';
import { referencePage } from '../../shared/http/reference-page';
import { registerIndexRoute } from '../../shared/platform/index-route';
import { services } from '../../shared/platform/services';
import { registerReviewApp } from './app/index';
import { roleTableMarkdown } from './auth/roles';
import { SESSION_COOKIE } from './auth/sessions';
import { launchConfigSchema } from './config';
import { transitionTableMarkdown } from './domain/post-status';
import type { LaunchEnv } from './env';
import { registerCacheAdminRoutes } from './routes/cache-admin';
import { registerExportRoutes } from './routes/export';
import { registerHealthRoutes } from './routes/health';
import { registerImageProxyRoutes } from './routes/image-proxy';
import { registerInvitationRoutes } from './routes/invitations';
import { registerLinkPreviewRoutes } from './routes/link-previews';
import { registerOnboardingRoutes } from './routes/onboarding';
import { registerProductProfileRoutes } from './routes/product-profile';
import { registerBriefRoutes } from './routes/briefs';
import { registerCampaignRoutes } from './routes/campaigns';
import { registerConnectionRoutes } from './routes/connections';
import { registerDeliveryOutcomeRoutes } from './routes/delivery-outcomes';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerAssetRoutes } from './routes/assets';
import { registerDraftRoutes } from './routes/drafts';
import { registerMeRoutes } from './routes/me';
import { registerMemberRoutes } from './routes/members';
import { registerNotificationRoutes } from './routes/notifications';
import { registerPostRoutes } from './routes/posts';
import { registerPublishingEndpointRoutes } from './routes/publishing-endpoint';
import { registerReleaseRoutes } from './routes/releases';
import { registerGithubWebhookRoutes } from './routes/github-webhook';
import { registerSourceRoutes } from './routes/sources';
import { registerReviewRoutes } from './routes/reviews';
import { registerScheduleRoutes } from './routes/schedule';
import { registerScreenshotRoutes } from './routes/screenshot';
import { registerSessionRoutes } from './routes/sessions';
import { registerShellRoutes } from './routes/shell';
import { registerSocialPostRoutes } from './routes/social-post';
import { registerUploadRoutes } from './routes/uploads';

const pagesMarkdown = [
  '## Lists',
  '',
  'Every list answers one page shape: `{ "data": [...], "nextCursor": "..." }`. Ask for `limit` items (1–100, default 20) and pass `nextCursor` back as `cursor` for the next page; it is null on the last page. A cursor this API did not issue is 400 `validation_failed` naming `cursor`.',
].join('\n');

/** The whole launch surface, grouped by resource; each register call lives in routes/<resource>.ts. */
export function buildLaunchApp() {
  const app = createApp<LaunchEnv>();
  app.use(services(launchConfigSchema));

  registerIndexRoute(app, {
    operationId: 'getIndex',
    service: 'launch',
    description: 'Launch workspace: turns a software release into a reviewed launch.',
    openapi: '/api/openapi.json',
    reference: '/api/reference',
    health: '/api/health',
  });
  registerHealthRoutes(app);
  registerSessionRoutes(app);
  registerMeRoutes(app);
  registerShellRoutes(app);
  registerMemberRoutes(app);
  registerInvitationRoutes(app);
  registerNotificationRoutes(app);
  registerApiKeyRoutes(app);
  registerConnectionRoutes(app);
  registerReleaseRoutes(app);
  registerSourceRoutes(app);
  registerGithubWebhookRoutes(app);
  registerBriefRoutes(app);
  registerCampaignRoutes(app);
  registerPostRoutes(app);
  registerDraftRoutes(app);
  registerUploadRoutes(app);
  registerAssetRoutes(app);
  registerLinkPreviewRoutes(app);
  registerOnboardingRoutes(app);
  registerProductProfileRoutes(app);
  registerReviewRoutes(app);
  registerScheduleRoutes(app);
  registerDeliveryOutcomeRoutes(app);
  registerPublishingEndpointRoutes(app);
  registerScreenshotRoutes(app);
  registerExportRoutes(app);
  registerSocialPostRoutes(app);
  registerImageProxyRoutes(app);
  registerCacheAdminRoutes(app);
  registerReviewApp(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'A workspace API key (`lk_…`), shown once when created; it carries scopes.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The session cookie set by POST /api/v1/sessions; checked against the member role.',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: documentInfo({
      title: 'Launch Workspace API',
      summary:
        'Turns a software release into a reviewed launch: a cited brief, visuals and channel posts. A person approves every post before anything is scheduled.',
      credentials:
        'Scripts send a workspace API key in `X-API-Key`; the app sends the session cookie from `POST /api/v1/sessions`, checked against the member role (see the role table below).',
      extra: `${pagesMarkdown}\n\n${roleTableMarkdown()}\n\n${transitionTableMarkdown()}`,
    }),
  });
  app.get('/api/reference', referencePage({ path: '/api/reference', documentPath: '/api/openapi.json', title: 'Launch Workspace API' }));
  return app;
}
