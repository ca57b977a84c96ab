/**
 * The one closed list of error codes both services answer with, each bound to its HTTP status.
 * Clients branch on `code`; it is stable within v1, so codes are only ever added, never renamed.
 */
export const errorCodes = {
  bad_request: { status: 400, description: 'The request is malformed.' },
  validation_failed: { status: 400, description: 'A field, parameter or header failed validation; `field` names it.' },
  invalid_json: { status: 400, description: 'The body is not valid JSON.' },
  idempotency_key_invalid: { status: 400, description: 'The Idempotency-Key header is empty or longer than 128 characters.' },
  unauthorized: { status: 401, description: 'No credential, or an unknown, expired or revoked one.' },
  webhook_signature_invalid: {
    status: 401,
    description: 'The webhook delivery is not signed with the secret of the source it was sent to (`X-Hub-Signature-256`).',
  },
  invalid_credentials: { status: 401, description: 'The email, password or two-factor code is wrong.' },
  two_factor_required: { status: 401, description: 'Two-factor authentication is on: send `totpCode` with the password.' },
  forbidden: { status: 403, description: 'The credential may not perform this operation.' },
  insufficient_scope: { status: 403, description: 'The API key lacks the scope named in `requiredScope`.' },
  insufficient_role: { status: 403, description: 'Your role in this workspace lacks the permission named in `requiredPermission`.' },
  session_required: { status: 403, description: 'Only a signed-in person may do this; API keys are refused whatever their scopes.' },
  reauthentication_required: {
    status: 403,
    description: 'Scheduling and cancelling as a person need a sign-in under 15 minutes old with two-factor authentication: sign in again.',
  },
  origin_mismatch: { status: 403, description: 'A cookie-authenticated unsafe request came from another origin.' },
  url_signature_invalid: { status: 403, description: 'The signed URL was altered, is incomplete, or was signed for something else.' },
  url_signature_expired: { status: 403, description: 'The signed URL is past its `expires` time; ask for a new one.' },
  workspace_feature_not_entitled: {
    status: 403,
    description: 'The workspace has no active plan including `feature`; the body names `currentPlan` and `requiredPlan`.',
  },
  workspace_suspended: {
    status: 403,
    description: 'The API key is valid but its workspace is suspended; every key of the workspace is refused until it is reinstated.',
  },
  not_found: { status: 404, description: 'No such route, or no such resource in this workspace.' },
  method_not_allowed: { status: 405, description: 'The path exists but not with this method; see `Allow`.' },
  conflict: { status: 409, description: 'The request conflicts with the current state of the resource.' },
  invalid_transition: {
    status: 409,
    description:
      'The resource is not in a state this action applies to (a repeated or out-of-order request); nothing changed. `currentStatus` says where it is.',
  },
  locked_by_post: {
    status: 409,
    description:
      'A post of this campaign or release is approved, scheduled or publishing, so it cannot be changed or deleted; `postId` names the post and `currentStatus` its state.',
  },
  publishing_endpoint_required: {
    status: 409,
    description:
      'The workspace has no publishing endpoint, so a scheduled post could never go out; an owner or admin sets one with PUT /api/v1/publishing-endpoint.',
  },
  connection_required: {
    status: 409,
    description:
      "The post's channel has no connected account that can publish (none, or each needs reconnecting) and the workspace has no publishing endpoint; `channel` names it and `missing` what to do.",
  },
  channel_unavailable: {
    status: 409,
    description: 'This deployment cannot connect accounts on the network: the settings named in `missing` are absent. An operator sets them.',
  },
  network_refused: {
    status: 422,
    description:
      'The network refused to connect the account (a wrong handle or app password, a denied authorisation, a host that is not the network); the message gives its reason.',
  },
  last_owner: {
    status: 409,
    description:
      'The workspace must keep at least one owner: its last owner cannot leave, be removed or be given another role. Make another member an owner first.',
  },
  invitation_unusable: {
    status: 409,
    description: 'The invitation was already accepted, was revoked or replaced, or has expired; `reason` says which. Ask for a new invitation.',
  },
  channel_limit_exceeded: { status: 400, description: 'The copy is too long for its channel; `channel`, `limit`, `length` and `unit` say by how much.' },
  url_not_allowed: {
    status: 400,
    description:
      'The URL, or a redirect or page request it led to, points somewhere this operation may not go (a private address, another host); `blockedUrl` names it when it was not the URL sent.',
  },
  page_unreachable: { status: 400, description: 'The page could not be loaded (its host does not resolve, or refuses the connection); `detail` says how.' },
  image_unsupported: {
    status: 400,
    description: 'The image is not in a format this operation accepts (PNG, JPEG, WebP; GIF and AVIF too for the image proxy).',
  },
  image_corrupt: { status: 400, description: 'The image claims a supported format but cannot be decoded.' },
  asset_type_mismatch: {
    status: 400,
    description: 'The uploaded bytes are not of the declared content type; `declaredType` and `detectedType` say what each was. The asset is rejected.',
  },
  media_too_large: { status: 400, description: 'The upstream media is larger than the proxy passes on; `maxBytes` gives the cap.' },
  page_load_timeout: { status: 408, description: 'The page did not finish loading within `timeoutMs`.' },
  payload_too_large: { status: 413, description: 'The body is larger than the operation accepts.' },
  image_too_large: { status: 413, description: 'The image has more pixels than the operation decodes; `maxPixels` gives the cap.' },
  unsupported_media_type: { status: 415, description: 'The body has a content type the operation does not accept.' },
  release_not_briefable: {
    status: 422,
    description:
      "The release's notes cannot make a brief: `reason` is `notes_empty`, `notes_too_long` (with `maxChars` and `length`) or `nothing_to_cite` (only internal work). Nothing was created.",
  },
  idempotency_key_reused: { status: 422, description: 'The Idempotency-Key was already used with a different request body.' },
  rate_limited: { status: 429, description: 'Too many requests; wait `Retry-After` seconds.' },
  workspace_quota_exceeded: { status: 429, description: 'The workspace used its plan allowance of `quota` for this period.' },
  internal_error: { status: 500, description: 'An unexpected error; the request id identifies it in the logs.' },
  screenshot_failed: { status: 500, description: 'The page loaded but the browser produced no image.' },
  upstream_error: { status: 502, description: 'An upstream service answered with an error or something unreadable.' },
  service_unavailable: { status: 503, description: 'A dependency is unavailable; retry later.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;
export type ErrorStatus = (typeof errorCodes)[ErrorCode]['status'];
