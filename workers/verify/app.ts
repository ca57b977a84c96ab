import { createApp } from '../../shared/http/app';
import { documentInfo } from '../../shared/http/openapi-document';
import { referencePage } from '../../shared/http/reference-page';
import { registerIndexRoute } from '../../shared/platform/index-route';
import { services } from '../../shared/platform/services';
import { verifyConfigSchema } from './config';
import type { VerifyEnv } from './env';
import { registerApiKeyRoutes } from './routes/api-keys';
import { registerCheckEmailRoutes } from './routes/check-email';
import { registerCommentRoutes } from './routes/comments';
import { registerBulkRoutes } from './routes/bulk';
import { registerDomainRoutes } from './routes/domains';
import { registerEventRoutes } from './routes/events';
import { registerFindEmailRoutes } from './routes/find-email';
import { registerJobRoutes } from './routes/jobs';
import { registerListDownloadRoutes } from './routes/list-downloads';
import { registerListQualityRoutes } from './routes/list-quality';
import { registerListRoutes } from './routes/lists';
import { registerQueryRoutes } from './routes/query';
import { registerRemediationRoutes } from './routes/remediation';
import { registerLegacyV0Routes } from './routes/legacy-v0';
import { registerHealthRoutes } from './routes/health';
import { registerHistoryRoutes } from './routes/history';
import { registerMeRoutes } from './routes/me';
import { registerOutcomeRoutes } from './routes/outcomes';
import { registerPipelineRoutes } from './routes/pipelines';
import { registerProviderDeliveryRoutes } from './routes/provider-deliveries';
import { registerProviderEndpointRoutes } from './routes/provider-endpoints';
import { registerReputationRoutes } from './routes/reputation';
import { registerReverificationRoutes } from './routes/reverification';
import { registerSettingsRoutes } from './routes/settings';
import { registerSourceRoutes } from './routes/sources';
import { registerSuppressionRoutes } from './routes/suppressions';
import { registerWebhookRoutes } from './routes/webhook';

/** The whole verify surface, grouped by resource; each register call lives in routes/<resource>.ts. */
export function buildVerifyApp() {
  const app = createApp<VerifyEnv>();
  app.use(services(verifyConfigSchema));

  registerIndexRoute(app, {
    operationId: 'v1_index',
    service: 'verify',
    description: 'Email verification: single and bulk checks, find_email, reverification, webhooks.',
    openapi: '/v1/openapi.json',
    reference: '/v1/reference',
    health: '/v1/health',
  });
  registerHealthRoutes(app);
  registerMeRoutes(app);
  registerApiKeyRoutes(app);
  registerDomainRoutes(app);
  registerSettingsRoutes(app);
  registerWebhookRoutes(app);
  registerCheckEmailRoutes(app);
  registerHistoryRoutes(app);
  registerBulkRoutes(app);
  registerJobRoutes(app);
  registerListRoutes(app);
  registerListQualityRoutes(app);
  registerListDownloadRoutes(app);
  registerRemediationRoutes(app);
  registerCommentRoutes(app);
  registerQueryRoutes(app);
  registerSourceRoutes(app);
  registerEventRoutes(app);
  registerFindEmailRoutes(app);
  registerReverificationRoutes(app);
  registerReputationRoutes(app);
  registerSuppressionRoutes(app);
  registerPipelineRoutes(app);
  registerOutcomeRoutes(app);
  registerProviderEndpointRoutes(app);
  registerProviderDeliveryRoutes(app);
  registerLegacyV0Routes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A workspace API key (`vk_…`), created under /v1/me/api-keys and shown once.',
  });
  app.doc31('/v1/openapi.json', {
    openapi: '3.1.0',
    info: documentInfo({
      title: 'Email Verification API',
      summary: 'Single and bulk email verification, lists, suppressions, pipelines, reputation and webhooks.',
      credentials: 'Every workspace operation takes a workspace API key as `Authorization: Bearer <key>`; keys carry scopes.',
      unknownFields:
        'The one exception is the Reacher-compatible bodies (`POST /v1/check_email`, the JSON body of `POST /v1/bulk`, `POST /v0/check_email`, `POST /v0/bulk`): they ignore fields they do not know, as Reacher clients send options of Reacher versions this service does not implement (`smtp_timeout`, `retries`, …); the known fields are still validated.',
    }),
  });
  app.get('/v1/reference', referencePage({ path: '/v1/reference', documentPath: '/v1/openapi.json', title: 'Email Verification API' }));
  return app;
}
