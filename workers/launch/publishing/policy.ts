import type { UrlPolicy } from '../../../shared/net/ssrf';

/** Posts leave signed over https, except to a developer's own machine. */
export function publishingUrlPolicy(config: { ALLOW_PRIVATE_URLS: '0' | '1' }): UrlPolicy {
  const local = config.ALLOW_PRIVATE_URLS === '1';
  return { allowPrivate: local, protocols: local ? ['http:', 'https:'] : ['https:'] };
}
