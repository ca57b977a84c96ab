import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { ApiError } from '../../../shared/http/api-error';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import { launchConfigSchema } from '../config';
import { requestNetworkContext } from '../connections/context';
import { channelNames } from '../domain/channels';
import type { LaunchEnv } from '../env';
import { actorOf } from '../services/audit';
import { connectWithPassword, disconnect, finishAuthorization, listConnections, networksView, reconnect, startAuthorization } from '../services/connections';
import { memberActor } from '../services/members';
import { idParam } from './schemas';

export const CONNECTIONS_CALLBACK_PATH = '/api/v1/connections/oauth/callback';
const SETTINGS_PAGE = '/app/settings/connections';

const connectionSchema = z
  .object({
    id: z.string().openapi({ example: 'con_01JD3W6Z4T8M2Q9X5K7B1C3V0N' }),
    channel: z.enum(channelNames),
    serviceUrl: z.string().openapi({ description: 'The Bluesky PDS, the Mastodon instance, or the network API the account is on.' }),
    accountId: z.string().openapi({ description: "The network's id of the account: a DID, an account id, a user id." }),
    accountName: z.string().openapi({ example: '@launch.bsky.social' }),
    status: z.enum(['connected', 'reconnect_required']).openapi({
      description:
        '`reconnect_required`: the network refused the account (revoked, password changed, refresh token expired); posts scheduled on it wait and are not attempted until it is reconnected.',
    }),
    statusReason: z.string().nullable().openapi({ description: "The network's reason, when reconnect_required." }),
    connectedBy: z.string(),
    connectedAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('ChannelConnection');

const networkSchema = z
  .object({
    channel: z.enum(channelNames),
    label: z.string(),
    flow: z
      .enum(['app_password', 'oauth'])
      .nullable()
      .openapi({ description: 'How an account is connected: a handle and app password, or the network’s consent page.' }),
    available: z.boolean(),
    missing: z.array(z.string()).openapi({ description: 'The deployment settings absent for this network; empty when available.' }),
  })
  .openapi('ConnectableNetwork');

const authorizeSchema = z
  .object({
    authorizeUrl: z.string().openapi({ description: "Send the person's browser here; the network sends it back to the callback." }),
    expiresAt: z.string().datetime(),
  })
  .openapi('ConnectionAuthorization');

const returnTo = z
  .string()
  .max(300)
  .regex(/^\/app\/[^\s]*$/, 'must be a path of the review app (/app/…)')
  .optional()
  .openapi({ description: `Where the browser lands after the network's consent page; ${SETTINGS_PAGE} by default.` });

const manage = { scopes: ['workspace:manage'], sessionOnly: true, entitlement: workspaceUse } as const;
const notFound = errorResponse('No such connection in this workspace.');
const refused = errorResponse('`network_refused`: the network refused the sign-in (wrong handle or app password, not the network).');
const unavailable = errorResponse('`channel_unavailable`: the deployment lacks the settings named in `missing`.');
const upstream = errorResponse('`upstream_error`: the network could not be reached or answered 5xx or 429; nothing changed.');

const listRoute = defineOperation({
  method: 'get',
  path: '/api/v1/connections',
  operationId: 'listConnections',
  tags: ['Connections'],
  summary: 'Connected accounts, and which networks this deployment can connect',
  description: 'Never returns tokens or passwords. Reviewers may list; owners and admins connect and disconnect.',
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  responses: {
    200: jsonResponse(
      z.object({ data: z.array(connectionSchema), networks: z.array(networkSchema) }).openapi('ChannelConnectionList'),
      'The accounts and networks.',
    ),
  },
});

const connectPasswordRoute = defineOperation({
  method: 'post',
  path: '/api/v1/connections/bluesky',
  operationId: 'connectBluesky',
  tags: ['Connections'],
  summary: 'Connect a Bluesky account with its handle and an app password',
  description:
    'Signs in at the account’s PDS (`com.atproto.server.createSession`); `serviceUrl` names a PDS other than the default (through the SSRF guard: public https only). Create an app password in Bluesky under Settings → Privacy and security → App passwords; it is stored encrypted and never shown again. Connecting an account already connected replaces its credentials (200).',
  access: { ...manage, idempotency: { operation: 'connections.bluesky', replayStatus: 200 } },
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              identifier: z
                .string()
                .trim()
                .min(3)
                .max(253)
                .openapi({ example: 'launch.bsky.social', description: 'The handle (with or without @), or the DID or email.' }),
              appPassword: z.string().min(1).max(256),
              serviceUrl: z.string().max(2048).optional().openapi({ example: 'https://bsky.social' }),
            })
            .strict()
            .openapi('BlueskyConnectionInput'),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(connectionSchema, 'Connected.'),
    200: jsonResponse(connectionSchema, 'The account was connected already; its credentials were replaced (or a replay).'),
    409: unavailable,
    422: refused,
    502: upstream,
  },
});

const startRoute = defineOperation({
  method: 'post',
  path: '/api/v1/connections/oauth/{channel}/start',
  operationId: 'startConnectionAuthorization',
  tags: ['Connections'],
  summary: "Start connecting an account through the network's consent page (Mastodon, X, LinkedIn, Threads)",
  description:
    "Answers the URL of the network's consent page (OAuth 2.0 authorization code with PKCE). Mastodon needs `serviceUrl`, the instance; launch registers its app there the first time. The network sends the browser back to `" +
    CONNECTIONS_CALLBACK_PATH +
    '`, which must be reached within 15 minutes by the same person in the same workspace.',
  access: manage,
  request: {
    params: z.object({ channel: z.enum(channelNames) }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ serviceUrl: z.string().max(2048).optional().openapi({ example: 'https://mastodon.social' }), returnTo })
            .strict()
            .openapi('ConnectionAuthorizationInput'),
        },
      },
    },
  },
  responses: { 201: jsonResponse(authorizeSchema, 'Send the browser to authorizeUrl.'), 409: unavailable, 422: refused, 502: upstream },
});

const callbackRoute = defineOperation({
  method: 'get',
  path: CONNECTIONS_CALLBACK_PATH,
  operationId: 'finishConnectionAuthorization',
  tags: ['Connections'],
  summary: "Where a network's consent page sends the browser back",
  description:
    'Exchanges the code for the account and redirects to the page the connection was started from, with `connected=<id>` or `connection_error=<why>`. An unknown, used or foreign `state` is 404.',
  access: { sessionOnly: true },
  request: {
    query: z.object({
      state: z.string().min(1).max(200),
      code: z.string().max(2048).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
    }),
  },
  responses: { 302: { description: 'Back to the review app.' }, 404: errorResponse('No such authorisation for this person and workspace.') },
});

const reconnectRoute = defineOperation({
  method: 'post',
  path: '/api/v1/connections/{connectionId}/reconnect',
  operationId: 'reconnectConnection',
  tags: ['Connections'],
  summary: 'Reconnect an account the network refused',
  description:
    'Bluesky: send a new `appPassword`; the account is signed in again (200 `connected`). OAuth networks: answers `authorize` with the consent page URL; the callback replaces the credentials if the same account authorises. Posts waiting on the account go out once it is connected again.',
  access: manage,
  request: {
    params: idParam('connectionId', 'con'),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ appPassword: z.string().min(1).max(256).optional(), returnTo })
            .strict()
            .openapi('ReconnectInput'),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z
        .discriminatedUnion('kind', [
          z.object({ kind: z.literal('connected'), connection: connectionSchema }),
          z.object({ kind: z.literal('authorize'), authorizeUrl: z.string(), expiresAt: z.string().datetime() }),
        ])
        .openapi('ReconnectResult'),
      'Reconnected, or where to authorise.',
    ),
    404: notFound,
    409: unavailable,
    422: refused,
    502: upstream,
  },
});

const disconnectRoute = defineOperation({
  method: 'delete',
  path: '/api/v1/connections/{connectionId}',
  operationId: 'disconnectConnection',
  tags: ['Connections'],
  summary: 'Disconnect an account; posts scheduled on it go back to approved',
  description:
    "The stored credentials are erased at once, then launch revokes its access on the network where the network documents how: X and LinkedIn (their OAuth revoke endpoints), Mastodon (`POST /oauth/revoke`) and Bluesky (`com.atproto.server.deleteSession`, ending the session). Threads documents no revocation: remove launch in the Threads account's settings. A Bluesky app password stays valid until deleted in Bluesky's settings. Revocation is best effort: when the network does not confirm it, the disconnect stands and the failure is logged (never the token).",
  access: manage,
  request: { params: idParam('connectionId', 'con') },
  responses: { 204: { description: 'Disconnected.' }, 404: notFound },
});

export function registerConnectionRoutes(app: OpenAPIHono<LaunchEnv>): void {
  const redirectUri = (url: string) => new URL(CONNECTIONS_CALLBACK_PATH, url).toString();

  app.openapi(listRoute, async (c) =>
    c.json(
      {
        data: await listConnections(c.get('services').db, c.get('principal').workspaceId),
        networks: networksView(readConfig(launchConfigSchema, c.env)),
      },
      200,
    ),
  );

  app.openapi(connectPasswordRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const context = await requestNetworkContext(c.get('services').db, c.env);
    const saved = await connectWithPassword(context, actor.workspaceId, actorOf(c.get('principal')), { channel: 'bluesky', ...c.req.valid('json') });
    return c.json(saved.connection, saved.created ? 201 : 200);
  });

  app.openapi(startRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const body = c.req.valid('json');
    const context = await requestNetworkContext(c.get('services').db, c.env);
    const started = await startAuthorization(context, actor.workspaceId, actor.userId, {
      channel: c.req.valid('param').channel,
      serviceUrl: body.serviceUrl,
      returnTo: body.returnTo ?? SETTINGS_PAGE,
      redirectUri: redirectUri(c.req.url),
    });
    return c.json(started, 201);
  });

  app.openapi(callbackRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const query = c.req.valid('query');
    const context = await requestNetworkContext(c.get('services').db, c.env);
    const outcome = await finishAuthorization(context, actor.workspaceId, actor.userId, {
      state: query.state,
      code: query.code,
      error: query.error,
      errorDescription: query.error_description,
      redirectUri: redirectUri(c.req.url),
    });
    return c.redirect(outcome.redirectTo, 302);
  });

  app.openapi(reconnectRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const body = c.req.valid('json');
    const context = await requestNetworkContext(c.get('services').db, c.env);
    const result = await reconnect(context, actor.workspaceId, { type: 'user', id: actor.userId }, c.req.valid('param').connectionId, {
      appPassword: body.appPassword,
      returnTo: body.returnTo ?? SETTINGS_PAGE,
      redirectUri: redirectUri(c.req.url),
    });
    return c.json(result, 200);
  });

  app.openapi(disconnectRoute, async (c) => {
    const actor = memberActor(c.get('principal'));
    const db = c.get('services').db;
    // Without CONNECTION_KEYS nothing can be opened to revoke; the disconnect itself goes ahead.
    const context = await requestNetworkContext(db, c.env).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'channel_unavailable') return null;
      throw error;
    });
    await disconnect(db, actor.workspaceId, actorOf(c.get('principal')), c.req.valid('param').connectionId, context);
    return c.body(null, 204);
  });
}
