import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Hono as HonoApp } from 'hono';
import type { LaunchEnv } from '../env';
import { APP_PREFIX, type PageEnv } from './context';
import { registerFavicon } from './favicon';
import { pageBasics, pageHeaders } from './guards';
import { registerAcceptInvitationPages } from './pages/accept-invitation';
import { registerApiKeyPages } from './pages/api-keys';
import { registerAuditPage } from './pages/audit';
import { registerMembersPages } from './pages/members';
import { registerNotificationPages } from './pages/notifications';
import { registerConnectionsPages } from './pages/connections';
import { registerPublishingPages } from './pages/publishing';
import { registerQueuePages } from './pages/queue';
import { registerReadyPage } from './pages/ready';
import { registerReviewPages } from './pages/review';
import { registerSchedulePage } from './pages/schedule';
import { registerSchedulingActions } from './pages/scheduling';
import { registerSignInPages } from './pages/sign-in';
import { registerTwoFactorPages } from './pages/two-factor';
import { renderError } from './render';

/**
 * The review app: server-rendered pages for people, under one prefix, on the same services as the
 * JSON operations. Not in the OpenAPI document: these are pages, not API.
 */
export function registerReviewApp(app: OpenAPIHono<LaunchEnv>): void {
  const pages = new Hono<PageEnv>();
  pages.use(pageHeaders, pageBasics);
  pages.onError(renderError);
  registerFavicon(pages);
  registerSignInPages(pages);
  registerTwoFactorPages(pages);
  registerQueuePages(pages);
  registerReadyPage(pages);
  registerReviewPages(pages);
  registerSchedulingActions(pages);
  registerSchedulePage(pages);
  registerAuditPage(pages);
  registerMembersPages(pages);
  registerApiKeyPages(pages, app);
  registerPublishingPages(pages);
  registerConnectionsPages(pages);
  registerNotificationPages(pages);
  registerAcceptInvitationPages(pages);
  app.route(APP_PREFIX, pages as unknown as HonoApp<LaunchEnv>);
}
