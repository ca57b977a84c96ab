import { authenticate } from '../../../shared/auth/authenticate';
import { createOperationFactory } from '../../../shared/http/operation';
import type { VerifyBindings } from '../env';

/** verify callers send `Authorization: Bearer <key>`; there are no sessions. */
const authenticateVerify = authenticate({
  readKey: (c) => c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1],
  keyGate: (env: VerifyBindings) => env.KEY_GATE,
  credentialHint: 'Send Authorization: Bearer <API key>; keys are created under /v1/me/api-keys.',
  documentationPath: '/v1/reference',
});

export const defineOperation = createOperationFactory({
  authenticate: authenticateVerify,
  idempotencyStore: (env: VerifyBindings) => env.IDEMPOTENCY,
  security: [{ bearerAuth: [] }],
});
