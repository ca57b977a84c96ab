import { describe, expect, it } from 'vitest';
import { crawlPriority, fediverseHandle, isSameSite, looksLikePage, normalizePageUrl, pageKind, siteKey, socialHandle } from './site-links';

describe('site links', () => {
  it('keys pages without fragments or tracking parameters, and a site with or without www', () => {
    expect(normalizePageUrl('/pricing?utm_source=x&plan=pro#top', 'https://acme.example/')?.href).toBe('https://acme.example/pricing?plan=pro');
    expect(normalizePageUrl('index.html', 'https://acme.example/docs/')?.href).toBe('https://acme.example/docs/');
    expect(normalizePageUrl('mailto:hi@acme.example', 'https://acme.example/')).toBeNull();
    const site = siteKey(new URL('https://www.acme.example/'));
    expect(isSameSite(new URL('https://acme.example/x'), site)).toBe(true);
    expect(isSameSite(new URL('https://docs.acme.example/x'), site)).toBe(false);
  });

  it('skips files that are not pages and reads pages that matter first', () => {
    expect(looksLikePage(new URL('https://a.example/press/kit.zip'))).toBe(false);
    expect(looksLikePage(new URL('https://a.example/v1.2/notes'))).toBe(true);
    expect(pageKind(new URL('https://a.example/plans'))).toBe('pricing');
    expect(pageKind(new URL('https://a.example/x'), 'Documentation')).toBe('docs');
    expect(pageKind(new URL('https://docs.a.example/start'))).toBe('docs');
    expect(crawlPriority('features', 3)).toBeLessThan(crawlPriority('other', 1));
  });

  it('reads social handles from profile links, not from share links', () => {
    expect(socialHandle('https://twitter.com/acme')).toEqual({ channel: 'x', handle: 'acme' });
    expect(socialHandle('https://x.com/intent/tweet?text=hi')).toBeNull();
    expect(socialHandle('https://www.linkedin.com/company/acme-inc/')).toEqual({ channel: 'linkedin', handle: 'acme-inc' });
    expect(socialHandle('https://www.youtube.com/@acme')).toEqual({ channel: 'youtube', handle: '@acme' });
    expect(socialHandle('https://bsky.app/profile/acme.bsky.social')).toEqual({ channel: 'bluesky', handle: 'acme.bsky.social' });
    expect(fediverseHandle('https://hachyderm.io/@acme')).toBe('@acme@hachyderm.io');
    expect(fediverseHandle('https://hachyderm.io/about')).toBeNull();
  });
});
