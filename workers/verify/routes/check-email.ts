import type { OpenAPIHono } from '@hono/zod-openapi';
import { jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import { engineDeps } from '../checks/engine-deps';
import { checkEmailOutputSchema, checkEmailRequestSchema } from '../engine/output';
import type { VerifyEnv } from '../env';
import { runSingleCheck } from '../checks/checks';

const checkRoute = defineOperation({
  method: 'post',
  path: '/v1/check_email',
  operationId: 'v1_check_email',
  tags: ['Verification'],
  summary: 'Check one address: syntax, domain, mail server and mailbox',
  description: [
    'Runs the stages in order: syntax and normalization; disposable, role and free-provider lists; MX over DNS over HTTPS (implicit MX from A/AAAA, null MX); the provider and its username rules; an SMTP dialogue with the most preferred mail host that answers (EHLO, STARTTLS when offered, MAIL FROM, RCPT TO the address and a random address for catch-all, QUIT), through the SOCKS5 `proxy` when one is given. Nothing is sent.',
    'A malformed address, an unknown domain or a server that refuses is a 200 with the answer in the body; errors are only for a bad request. Each check takes at most 30 s.',
    'Credits: each check uses one credit of the `credits` quota, given back when `is_reachable` is `unknown`; a `sandbox` check uses none. Every check but a sandbox one is kept in the address history (`GET /v1/emails/{email}/history`) for `result_retention_days`.',
    'With an `Idempotency-Key`, a retry of the same request within 24 h answers the stored result: no second check, no second credit.',
    'Fields this operation does not know are ignored, not refused (the one exception to the unknown-field rule), so a Reacher client that sends options of other Reacher versions works unchanged.',
  ].join('\n\n'),
  access: {
    scopes: ['verify'],
    entitlement: { feature: 'verify', minimumPlan: 'free', quota: 'credits' },
    idempotency: { operation: 'v1_check_email' },
  },
  request: { body: { required: true, content: { 'application/json': { schema: checkEmailRequestSchema } } } },
  responses: { 200: jsonResponse(checkEmailOutputSchema, 'The result of the check.') },
});

export function registerCheckEmailRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(checkRoute, async (c) => {
    const principal = c.get('principal');
    const output = await runSingleCheck(
      {
        db: c.get('services').db,
        deps: engineDeps(c.env),
        tenantId: principal.workspaceId,
        entitlement: c.get('entitlement'),
        apiKeyId: principal.kind === 'key' ? principal.keyId : null,
        requestId: c.get('requestId'),
      },
      c.req.valid('json'),
    );
    return c.json(output, 200);
  });
}
