import { engineDeps } from '../../workers/verify/checks/engine-deps';
import { checkEmail } from '../../workers/verify/engine/check-email';
import { checkEmailRequestSchema } from '../../workers/verify/engine/output';
import type { VerifyBindings } from '../../workers/verify/env';

/** POST a check_email request; answers the verdict and the engine's own timing, with no HTTP API around it. */
export default {
  async fetch(request, env) {
    if (request.method !== 'POST') return new Response('ok');
    const outcome = await checkEmail(checkEmailRequestSchema.parse(await request.json()), engineDeps(env));
    const { output } = outcome;
    return Response.json({
      is_reachable: output.is_reachable,
      reason: output.reason,
      durationMs: outcome.durationMs,
      tls: output.debug.smtp.tls,
      pipelining: output.debug.smtp.pipelining,
    });
  },
} satisfies ExportedHandler<VerifyBindings>;
