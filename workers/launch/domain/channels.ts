import twitterText from 'twitter-text';

/**
 * The channels a post can target, each with the rule its network enforces on the copy. The
 * numbers are the networks' own: X 280 weighted characters (twitter-text: most CJK and emoji
 * count 2, every URL 23); Bluesky 300 graphemes; Mastodon 500 characters with every URL counted
 * as 23 (mastodon.social's default); Threads 500 characters; LinkedIn 3,000 characters.
 */
export const channelNames = ['x', 'linkedin', 'bluesky', 'mastodon', 'threads'] as const;
export type Channel = (typeof channelNames)[number];

export type LengthUnit = 'weighted_characters' | 'graphemes' | 'characters';

interface ChannelRule {
  limit: number;
  unit: LengthUnit;
  measure(copy: string): number;
}

const URL_PATTERN = /https?:\/\/[^\s]+/g;
const MASTODON_URL_LENGTH = 23;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const countGraphemes = (text: string) => [...graphemes.segment(text)].length;
/** Code points, as Mastodon and Threads count (an emoji is one, not two UTF-16 units). */
const countCharacters = (text: string) => [...text].length;

const rules: Record<Channel, ChannelRule> = {
  x: { limit: 280, unit: 'weighted_characters', measure: (copy) => twitterText.parseTweet(copy).weightedLength },
  linkedin: { limit: 3000, unit: 'characters', measure: countCharacters },
  bluesky: { limit: 300, unit: 'graphemes', measure: countGraphemes },
  mastodon: {
    limit: 500,
    unit: 'characters',
    measure: (copy) => countCharacters(copy.replace(URL_PATTERN, '')) + (copy.match(URL_PATTERN)?.length ?? 0) * MASTODON_URL_LENGTH,
  },
  threads: { limit: 500, unit: 'characters', measure: countCharacters },
};

export interface PostMeasure {
  length: number;
  limit: number;
  unit: LengthUnit;
}

export function measurePost(channel: Channel, copy: string): PostMeasure {
  const rule = rules[channel];
  return { length: rule.measure(copy), limit: rule.limit, unit: rule.unit };
}

export type CopyCheck = { ok: true } | ({ ok: false; channel: Channel; message: string } & PostMeasure);

export function validatePostCopy(channel: Channel, copy: string): CopyCheck {
  const measured = measurePost(channel, copy);
  if (copy.trim() === '') return { ok: false, channel, ...measured, message: `A ${channel} post needs some copy.` };
  if (measured.length > measured.limit) {
    const unit = measured.unit.replace('_', ' ');
    return { ok: false, channel, ...measured, message: `${channel} allows ${measured.limit} ${unit}; this post has ${measured.length}.` };
  }
  return { ok: true };
}
