import type { SpecOperation } from './operation';

/** Every operation of ../shared/spec/launch-workspace-service.md. */
export const launchSpecOperations: SpecOperation[] = [
  { method: 'post', path: '/api/screenshot', operationId: 'captureScreenshot', scope: 'artifact:read' },
  { method: 'get', path: '/api/screenshot', operationId: 'captureScreenshotMethodProbe', auth: 'none' },
  { method: 'post', path: '/api/export', operationId: 'optimizeExportImage', scope: 'artifact:read' },
  { method: 'get', path: '/api/export', operationId: 'optimizeExportImageMethodProbe', auth: 'none' },
  { method: 'get', path: '/api/social-post/{id}', operationId: 'getSocialPost', scope: 'artifact:read' },
  { method: 'get', path: '/api/image-proxy' },
  { method: 'get', path: '/api/v1/releases', scope: 'artifact:read' },
  { method: 'post', path: '/api/v1/campaigns', scope: 'release:create', successStatus: 201 },
  { method: 'get', path: '/api/v1/campaigns/{campaignId}', scope: 'artifact:read' },
  { method: 'post', path: '/api/v1/campaigns/{campaignId}/review-requests', scope: 'release:create' },
  { method: 'get', path: '/api/v1/me', auth: 'session-only' },
  { method: 'get', path: '/api/v1/bootstrap', auth: 'session-only' },
  { method: 'get', path: '/api/v1/organizations', auth: 'session-only' },
];

/**
 * Operations the spec leaves to us ("not shown"): each is a design decision recorded in the
 * document. Anything in the document that is in neither list is drift.
 */
export const launchDesignedOperations: Array<Pick<SpecOperation, 'method' | 'path'>> = [
  { method: 'get', path: '/' },
  { method: 'get', path: '/api/health' },
  { method: 'post', path: '/api/v1/sessions' },
  { method: 'delete', path: '/api/v1/sessions/current' },
  { method: 'post', path: '/api/v1/me/two-factor' },
  { method: 'post', path: '/api/v1/me/two-factor/confirm' },
  { method: 'post', path: '/api/v1/releases' },
  { method: 'get', path: '/api/v1/releases/{releaseId}' },
  { method: 'get', path: '/api/v1/campaigns' },
  { method: 'get', path: '/api/v1/campaigns/{campaignId}/audit' },
  { method: 'patch', path: '/api/v1/posts/{postId}' },
  { method: 'get', path: '/api/v1/review-queue' },
  { method: 'post', path: '/api/v1/posts/{postId}/decisions' },
  { method: 'post', path: '/api/v1/posts/{postId}/schedule' },
  { method: 'post', path: '/api/v1/posts/{postId}/cancel' },
  { method: 'post', path: '/api/v1/posts/{postId}/retry' },
  { method: 'get', path: '/api/v1/schedule' },
  { method: 'get', path: '/api/v1/publishing-endpoint' },
  { method: 'put', path: '/api/v1/publishing-endpoint' },
  { method: 'post', path: '/api/v1/drafts' },
  { method: 'get', path: '/api/v1/drafts' },
  { method: 'get', path: '/api/v1/drafts/{draftId}' },
  { method: 'patch', path: '/api/v1/drafts/{draftId}' },
  { method: 'delete', path: '/api/v1/drafts/{draftId}' },
  { method: 'get', path: '/api/v1/drafts/{draftId}/revisions' },
  { method: 'post', path: '/api/v1/drafts/{draftId}/campaign-posts' },
  { method: 'post', path: '/api/v1/uploads' },
  { method: 'put', path: '/api/v1/uploads/{assetId}' },
  { method: 'get', path: '/api/v1/assets' },
  { method: 'get', path: '/api/v1/assets/{assetId}' },
  { method: 'post', path: '/api/v1/assets/{assetId}/complete' },
  { method: 'delete', path: '/api/v1/assets/{assetId}' },
  { method: 'post', path: '/api/v1/assets/{assetId}/download-url' },
  { method: 'get', path: '/api/v1/assets/{assetId}/content' },
  { method: 'post', path: '/api/v1/posts/{postId}/visuals' },
];
