import { describe, expect, it } from 'vitest';
import { checkMediaUrl, proxiedImageType } from './media-url';

describe('checkMediaUrl', () => {
  it('accepts https URLs on the exact media hosts, with any path and query', () => {
    for (const url of [
      'https://pbs.twimg.com/media/abc.jpg?format=jpg&name=large',
      'https://abs.twimg.com/emoji/v2/72x72/1f680.png',
      'https://PBS.twimg.com/media/a.png',
    ]) {
      expect(checkMediaUrl(url).ok, url).toBe(true);
    }
  });

  it('refuses other schemes, hosts, ports and credentials, saying why', () => {
    expect(checkMediaUrl('http://pbs.twimg.com/a.jpg')).toEqual({ ok: false, reason: 'must use https' });
    expect(checkMediaUrl('https://pbs.twimg.com.evil.example/a.jpg')).toMatchObject({ ok: false, reason: expect.stringContaining('pbs.twimg.com') });
    expect(checkMediaUrl('https://x.pbs.twimg.com/a.jpg').ok).toBe(false);
    expect(checkMediaUrl('https://video.twimg.com/a.mp4').ok).toBe(false);
    expect(checkMediaUrl('https://pbs.twimg.com:444/a.jpg')).toEqual({ ok: false, reason: 'must use the default port' });
    expect(checkMediaUrl('https://pbs.twimg.com:443/a.jpg').ok).toBe(true);
    expect(checkMediaUrl('https://a:b@pbs.twimg.com/a.jpg')).toEqual({ ok: false, reason: 'must not carry credentials' });
    expect(checkMediaUrl('pbs.twimg.com/a.jpg')).toEqual({ ok: false, reason: 'is not an absolute URL' });
  });

  it('resolves a redirect target against the hop it came from', () => {
    const check = checkMediaUrl('/media/b.png', 'https://pbs.twimg.com/media/a.jpg');
    expect(check.ok && check.url.toString()).toBe('https://pbs.twimg.com/media/b.png');
    expect(checkMediaUrl('//evil.example/b.png', 'https://pbs.twimg.com/media/a.jpg').ok).toBe(false);
  });
});

describe('proxiedImageType', () => {
  it('passes raster image types and nothing else', () => {
    expect(proxiedImageType('image/jpeg')).toBe('image/jpeg');
    expect(proxiedImageType('IMAGE/PNG; charset=binary')).toBe('image/png');
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', '', null]) expect(proxiedImageType(type), String(type)).toBeNull();
  });
});
