import { errorCodes } from './error-codes';
import { ID_SHAPES_MARKDOWN } from './ids';

/** A markdown table of every error code with its status, for the document's description. */
export function errorCodeTable(): string {
  const rows = Object.entries(errorCodes).map(([code, { status, description }]) => `| ${status} | \`${code}\` | ${description} |`);
  return ['| status | code | meaning |', '|---:|---|---|', ...rows].join('\n');
}

/** The `info` block both documents share: version 1.0.0, and the conventions every operation follows. */
export function documentInfo(options: { title: string; summary: string; credentials: string; unknownFields?: string; extra?: string }) {
  return {
    title: options.title,
    version: '1.0.0',
    description: [
      options.summary,
      '',
      '## Conventions',
      '',
      `- **Credentials.** ${options.credentials}`,
      '- **Errors.** Every failure is one JSON envelope `{code, message, hint}`, with extra fields where a code documents them. Clients branch on `code`, which is stable within v1.',
      ID_SHAPES_MARKDOWN,
      '- **Request ids.** Every response carries `X-Request-Id`. A caller-supplied value of at most 128 characters from `[A-Za-z0-9_=-]` is echoed; otherwise one is generated. Quote it when reporting a problem.',
      '- **Rate limits.** Each API key may make 60 requests in any 60 seconds (a sliding window, so there is no burst at a minute boundary). Every keyed response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix epoch milliseconds at which the oldest counted request leaves the window); a 429 also carries `Retry-After` (seconds) and the body fields `error`, `status`, `documentation` and `retryAfter`.',
      '- **Entitlements.** Gated operations carry `x-service-entitlement` (`feature`, `minimumPlan`, `quota`); without the feature the answer is 403 `workspace_feature_not_entitled` naming `feature`, `currentPlan` and `requiredPlan`. Past a quota it is 429 `workspace_quota_exceeded`.',
      '- **Billing periods.** Calendar months in UTC. An `active` or `trialing` subscription renews at each period end (the new period starts where the old one ended), and quotas count afresh; earlier periods keep their usage. A subscription cancelled during a period keeps its plan to the period end, then becomes `canceled`. `past_due` and `canceled` subscriptions grant no features.',
      `- **Unknown body fields.** A JSON body field an operation does not define is refused with 400 \`validation_failed\`, naming it in \`field\` (\`posts.0.colour\`), so a misspelt option never goes unnoticed.${options.unknownFields ? ` ${options.unknownFields}` : ''} Every validation message says in words what is expected.`,
      '- **Scopes.** `x-required-scopes` lists the scopes an API key needs; `x-session-only` marks operations that refuse every key.',
      '- **Idempotency.** Creates that accept `Idempotency-Key` (at most 128 characters) replay the first response for 24 hours; the same key with a different body is 422 `idempotency_key_reused`.',
      ...(options.extra ? ['', options.extra] : []),
      '',
      '## Error codes',
      '',
      errorCodeTable(),
    ].join('\n'),
  };
}
