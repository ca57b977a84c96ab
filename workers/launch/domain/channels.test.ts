import { describe, expect, it } from 'vitest';
import { measurePost, validatePostCopy } from './channels';

describe('channel limits', () => {
  it.each([
    ['x', 280],
    ['linkedin', 3000],
    ['bluesky', 300],
    ['mastodon', 500],
    ['threads', 500],
  ] as const)('%s accepts exactly %i and refuses one more', (channel, limit) => {
    expect(validatePostCopy(channel, 'a'.repeat(limit))).toEqual({ ok: true });
    expect(validatePostCopy(channel, 'a'.repeat(limit + 1))).toMatchObject({ ok: false, channel, limit, length: limit + 1 });
  });

  it('counts X by twitter-text weight: a URL is 23, CJK and emoji are 2', () => {
    expect(measurePost('x', `Release notes: https://example.com/${'a'.repeat(200)}`).length).toBe(15 + 23);
    expect(measurePost('x', '日本語').length).toBe(6);
    expect(measurePost('x', '🚀').length).toBe(2);
    expect(validatePostCopy('x', '日'.repeat(141))).toMatchObject({ ok: false, length: 282, unit: 'weighted_characters' });
  });

  it('counts Bluesky in graphemes: a family emoji is one', () => {
    const family = '👨‍👩‍👧‍👦';
    expect(measurePost('bluesky', family).length).toBe(1);
    expect(validatePostCopy('bluesky', family.repeat(300))).toEqual({ ok: true });
    expect(validatePostCopy('bluesky', family.repeat(301))).toMatchObject({ ok: false, unit: 'graphemes', length: 301 });
  });

  it('counts every Mastodon URL as 23 characters', () => {
    expect(measurePost('mastodon', `see https://example.com/${'x'.repeat(100)}`).length).toBe(4 + 23);
  });

  it('names the channel, the limit and the measured length in its message', () => {
    const check = validatePostCopy('x', 'a'.repeat(291));
    expect(check).toMatchObject({ ok: false, message: 'x allows 280 weighted characters; this post has 291.' });
  });

  it('refuses empty or blank copy', () => {
    expect(validatePostCopy('linkedin', '   ')).toMatchObject({ ok: false, message: 'A linkedin post needs some copy.' });
  });
});
