import { describe, expect, it } from 'vitest';
import textPost from '../../../dev/fixtures/syndication/1790000000000000001.json';
import photoPost from '../../../dev/fixtures/syndication/1790000000000000002.json';
import videoPost from '../../../dev/fixtures/syndication/1790000000000000003.json';
import tombstone from '../../../dev/fixtures/syndication/1790000000000000004.json';
import reply from '../../../dev/fixtures/syndication/1790000000000000005.json';
import empty from '../../../dev/fixtures/syndication/1790000000000000006.json';
import { normalizeSocialPost, type SocialPost } from './social-post';

function post(payload: unknown): SocialPost {
  const normalized = normalizeSocialPost(payload);
  if (normalized.kind !== 'post') throw new Error(`expected a post, got ${JSON.stringify(normalized)}`);
  return normalized.post;
}

describe('normalizeSocialPost, on the recorded payloads', () => {
  it('expands short links inside the display range and keeps hashtags and mentions as text', () => {
    const normalized = post(textPost);
    expect(normalized.text).toContain('Notes: https://launch.example/changelog/2.4 #buildinpublic cc @acme_dev');
    expect(normalized.text).not.toContain('t.co');
    expect(normalized.counts).toEqual({ likes: 412, replies: 37, reposts: null });
    expect(normalized.author).toMatchObject({ handle: 'launchworkspace', verified: true });
  });

  it('drops the trailing media link, counting indices in code points past emoji', () => {
    expect(post(photoPost).text).toBe('Before → after: the new export presets cut our release images by 71% 🚀🎉');
    expect(post(photoPost).media.map((media) => media.type)).toEqual(['photo', 'photo']);
  });

  it('orders video variants MP4 first by bitrate, and normalizes the quoted post the same way', () => {
    const normalized = post(videoPost);
    expect(normalized.media[0]?.variants[0]).toEqual({
      contentType: 'video/mp4',
      url: 'https://video.twimg.com/amplify_video/1790000000000000333/vid/avc1/1280x720/Hi9h.mp4?tag=16',
      bitrate: 2176000,
    });
    expect(normalized.quoted?.text).toBe('We just shipped scheduled posts with two-factor re-auth 🔐');
    expect(normalized.quoted?.url).toBe('https://x.com/acme_dev/status/1789999999999999999');
    expect(normalized.edited).toBe(true);
  });

  it('hides the leading @-reply of a reply and names the post it answers', () => {
    const normalized = post(reply);
    expect(normalized.text.startsWith('Does the screenshot')).toBe(true);
    expect(normalized.inReplyTo).toEqual({ id: '1790000000000000001', handle: 'launchworkspace' });
  });

  it('reports tombstones, other result types and the empty answer as withheld', () => {
    expect(normalizeSocialPost(tombstone)).toEqual({ kind: 'withheld', notice: 'This Post is from an account that no longer exists. Learn more' });
    expect(normalizeSocialPost({ __typename: 'TweetUnavailable', reason: 'Protected' })).toMatchObject({ kind: 'withheld' });
    expect(normalizeSocialPost(empty)).toMatchObject({ kind: 'withheld' });
  });

  it('calls a payload missing what we need unreadable, naming the field', () => {
    const { user: _user, ...withoutUser } = textPost;
    expect(normalizeSocialPost(withoutUser)).toMatchObject({ kind: 'unreadable', detail: expect.stringContaining('user') });
    expect(normalizeSocialPost('not json')).toMatchObject({ kind: 'unreadable' });
    expect(normalizeSocialPost(null)).toMatchObject({ kind: 'unreadable' });
  });

  it('undoes the HTML escapes of the text and tolerates fields it does not know', () => {
    const escaped = { ...textPost, text: 'Q&amp;A: 1 &lt; 2 &gt; 0', display_text_range: [0, 24], entities: {}, brandNewField: { nested: true } };
    expect(post(escaped).text).toBe('Q&A: 1 < 2 > 0');
  });
});
