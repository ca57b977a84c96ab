import { z } from 'zod';

/**
 * Turns the social network's public syndication payload into our post shape: the display text
 * with its links expanded, the author, media with their types and URLs, the quoted post, counts.
 * The upstream shape is validated leniently (unknown fields pass), so a field the network adds
 * changes nothing and a payload missing what we need is reported as unreadable.
 */

const indices = z.tuple([z.number().int(), z.number().int()]);
const userSchema = z.object({
  id_str: z.string(),
  name: z.string(),
  screen_name: z.string(),
  profile_image_url_https: z.string().optional(),
  verified: z.boolean().optional(),
  is_blue_verified: z.boolean().optional(),
});
const entitiesSchema = z
  .object({
    urls: z.array(z.object({ url: z.string(), expanded_url: z.string().optional(), indices })).optional(),
    media: z.array(z.object({ url: z.string(), indices })).optional(),
  })
  .optional();
const mediaSchema = z.object({
  type: z.enum(['photo', 'video', 'animated_gif']),
  media_url_https: z.string(),
  ext_alt_text: z.string().optional(),
  original_info: z.object({ width: z.number(), height: z.number() }).optional(),
  ext_media_availability: z.object({ status: z.string() }).optional(),
  video_info: z
    .object({
      aspect_ratio: z.tuple([z.number(), z.number()]).optional(),
      duration_millis: z.number().optional(),
      variants: z.array(z.object({ content_type: z.string(), url: z.string(), bitrate: z.number().optional() })),
    })
    .optional(),
});
const baseSchema = z.object({
  id_str: z.string().regex(/^\d+$/),
  text: z.string(),
  lang: z.string().optional(),
  created_at: z.string(),
  display_text_range: indices.optional(),
  entities: entitiesSchema,
  user: userSchema,
  mediaDetails: z.array(mediaSchema).optional(),
  isEdited: z.boolean().optional(),
  possibly_sensitive: z.boolean().optional(),
  favorite_count: z.number().optional(),
  reply_count: z.number().optional(),
  retweet_count: z.number().optional(),
  conversation_count: z.number().optional(),
});
const tweetSchema = baseSchema.extend({
  __typename: z.literal('Tweet'),
  in_reply_to_status_id_str: z.string().optional(),
  in_reply_to_screen_name: z.string().optional(),
  quoted_tweet: baseSchema.optional(),
});

type UpstreamPost = z.infer<typeof baseSchema>;

export interface SocialPostMedia {
  type: 'photo' | 'video' | 'animated_gif';
  /** The image; for a video or GIF its poster frame. */
  url: string;
  width: number | null;
  height: number | null;
  altText: string | null;
  /** Playable files of a video or GIF, MP4 by descending bitrate first. */
  variants: Array<{ contentType: string; url: string; bitrate: number | null }>;
  durationMs: number | null;
}

export interface SocialPostSummary {
  id: string;
  url: string;
  text: string;
  lang: string | null;
  createdAt: string;
  author: { id: string; name: string; handle: string; avatarUrl: string | null; verified: boolean };
  media: SocialPostMedia[];
  counts: { likes: number | null; replies: number | null; reposts: number | null };
  edited: boolean;
  sensitive: boolean;
}

export interface SocialPost extends SocialPostSummary {
  quoted: SocialPostSummary | null;
  inReplyTo: { id: string; handle: string | null } | null;
}

export type NormalizedPayload = { kind: 'post'; post: SocialPost } | { kind: 'withheld'; notice: string } | { kind: 'unreadable'; detail: string };

export function normalizeSocialPost(payload: unknown): NormalizedPayload {
  if (typeof payload !== 'object' || payload === null) return { kind: 'unreadable', detail: 'the payload is not an object' };
  const typename = (payload as { __typename?: unknown }).__typename;
  if (typename === 'TweetTombstone') {
    const notice = (payload as { tombstone?: { text?: { text?: unknown } } }).tombstone?.text?.text;
    return { kind: 'withheld', notice: typeof notice === 'string' ? notice : 'This post is unavailable.' };
  }
  // Other result types (`TweetUnavailable`, …) are posts the network will not show.
  if (typeof typename === 'string' && typename !== 'Tweet') return { kind: 'withheld', notice: 'This post is unavailable.' };
  // The endpoint answers an empty object for posts it will not show (withheld, or age-restricted).
  if (typename === undefined && Object.keys(payload).length === 0) return { kind: 'withheld', notice: 'This post is unavailable.' };
  const parsed = tweetSchema.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'unreadable', detail: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'unexpected shape'}` };
  }
  const tweet = parsed.data;
  return {
    kind: 'post',
    post: {
      ...summary(tweet),
      quoted: tweet.quoted_tweet ? summary(tweet.quoted_tweet) : null,
      inReplyTo: tweet.in_reply_to_status_id_str ? { id: tweet.in_reply_to_status_id_str, handle: tweet.in_reply_to_screen_name ?? null } : null,
    },
  };
}

function summary(post: UpstreamPost): SocialPostSummary {
  return {
    id: post.id_str,
    url: `https://x.com/${post.user.screen_name}/status/${post.id_str}`,
    text: displayText(post),
    lang: post.lang ?? null,
    createdAt: new Date(post.created_at).toISOString(),
    author: {
      id: post.user.id_str,
      name: post.user.name,
      handle: post.user.screen_name,
      avatarUrl: post.user.profile_image_url_https ?? null,
      verified: Boolean(post.user.verified || post.user.is_blue_verified),
    },
    media: (post.mediaDetails ?? []).filter((media) => media.ext_media_availability?.status !== 'Unavailable').map(mediaItem),
    counts: {
      likes: post.favorite_count ?? null,
      // The top-level post reports replies as its conversation count; quoted and parent posts as reply_count.
      replies: post.reply_count ?? post.conversation_count ?? null,
      reposts: post.retweet_count ?? null,
    },
    edited: post.isEdited ?? false,
    sensitive: post.possibly_sensitive ?? false,
  };
}

/**
 * The text as the network shows it: only `display_text_range` (which drops leading @-replies and
 * the trailing media link), short links replaced by their targets, media links removed, and the
 * HTML escapes the endpoint applies undone. Indices count code points, not UTF-16 units.
 */
function displayText(post: UpstreamPost): string {
  const characters = [...post.text];
  const [start, end] = post.display_text_range ?? [0, characters.length];
  const replacements = [
    ...(post.entities?.urls ?? []).map((entity) => ({ indices: entity.indices, text: entity.expanded_url ?? entity.url })),
    ...(post.entities?.media ?? []).map((entity) => ({ indices: entity.indices, text: '' })),
  ]
    .filter(({ indices: [from, to] }) => from >= start && to <= end && from < to)
    .sort((a, b) => b.indices[0] - a.indices[0]);
  const shown = characters.slice(0, end);
  for (const {
    indices: [from, to],
    text,
  } of replacements)
    shown.splice(from, to - from, text);
  return unescapeHtml(shown.slice(start).join('')).trim();
}

function mediaItem(media: z.infer<typeof mediaSchema>): SocialPostMedia {
  const variants = (media.video_info?.variants ?? [])
    .map((variant) => ({ contentType: variant.content_type, url: variant.url, bitrate: variant.bitrate ?? null }))
    .sort((a, b) => Number(b.contentType === 'video/mp4') - Number(a.contentType === 'video/mp4') || (b.bitrate ?? 0) - (a.bitrate ?? 0));
  return {
    type: media.type,
    url: media.media_url_https,
    width: media.original_info?.width ?? null,
    height: media.original_info?.height ?? null,
    altText: media.ext_alt_text ?? null,
    variants,
    durationMs: media.video_info?.duration_millis ?? null,
  };
}

function unescapeHtml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
