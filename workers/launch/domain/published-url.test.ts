import { describe, expect, it } from 'vitest';
import { publishedUrlOrigins, publishedUrlProblem } from './published-url';

const where = { viaConnection: true, blueskyAppUrl: 'https://bsky.app', serviceUrl: 'https://mastodon.social' };

describe('a published post’s URL given by a person', () => {
  it('is on the network’s own host, or a subdomain of it', () => {
    expect(publishedUrlProblem('https://x.com/launch/status/1', publishedUrlOrigins('x', where))).toBeNull();
    expect(publishedUrlProblem('https://www.linkedin.com/feed/update/urn:li:share:1/', publishedUrlOrigins('linkedin', where))).toBeNull();
    expect(publishedUrlProblem('https://bsky.app/profile/a.test/post/3k', publishedUrlOrigins('bluesky', where))).toBeNull();
    expect(publishedUrlProblem('https://mastodon.social/@a/1', publishedUrlOrigins('mastodon', where))).toBeNull();
    expect(publishedUrlProblem('https://x.com.evil.example/status/1', publishedUrlOrigins('x', where))).toContain('must be on x.com or twitter.com');
    expect(publishedUrlProblem('https://fosstodon.org/@a/1', publishedUrlOrigins('mastodon', where))).toContain('mastodon.social');
  });

  it('is https, never http or credentials, and names a page', () => {
    expect(publishedUrlProblem('http://x.com/launch/status/1', publishedUrlOrigins('x', where))).toBe('must be an https URL');
    expect(publishedUrlProblem('https://user:pw@x.com/a/status/1', publishedUrlOrigins('x', where))).toContain('user name');
    expect(publishedUrlProblem('https://x.com/', publishedUrlOrigins('x', where))).toContain('front page');
    expect(publishedUrlProblem('not a url', publishedUrlOrigins('x', where))).toBe('is not a URL');
  });

  it('may be any https page for a post delivered to the workspace’s own endpoint', () => {
    const origins = publishedUrlOrigins('x', { ...where, viaConnection: false });
    expect(origins).toBeNull();
    expect(publishedUrlProblem('https://blog.example/posts/1', origins)).toBeNull();
    expect(publishedUrlProblem('http://blog.example/posts/1', origins)).toBe('must be an https URL');
  });

  it('follows a local fake’s http origin only where the deployment points at one', () => {
    const local = publishedUrlOrigins('bluesky', { ...where, blueskyAppUrl: 'http://127.0.0.1:8798' });
    expect(publishedUrlProblem('http://127.0.0.1:8798/profile/a/post/1', local)).toBeNull();
    expect(publishedUrlProblem('http://127.0.0.1:9999/profile/a/post/1', local)).toContain('127.0.0.1:8798');
  });
});
