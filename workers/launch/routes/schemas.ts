import { z } from '@hono/zod-openapi';
import { anyPrefixedId, pathParams, prefixedId } from '../../../shared/http/ids';
import { channelNames } from '../domain/channels';
import { campaignStatuses, postStatuses } from '../domain/post-status';
import { deliveryStatuses } from '../services/deliveries';

/** Response shapes shared by the campaign, post, review and schedule routes. */
export const visualSchema = z
  .object({
    id: z.string(),
    url: z.string().openapi({ description: 'The image URL, or `asset:<assetId>` for an uploaded asset.' }),
    altText: z.string(),
    assetId: z.string().nullable().openapi({ description: 'The uploaded asset shown, if any; sign a download URL to fetch it.' }),
  })
  .openapi('Visual');

export const deliverySchema = z
  .object({
    id: z.string(),
    connectionId: z.string().nullable().openapi({ description: 'The connected account it goes out through; null: the publishing endpoint.' }),
    status: z.enum(deliveryStatuses).openapi({
      description:
        '`pending` (waiting to be due, for a retry, or for its account to be reconnected), `publishing`, `published`, `failed` (for good), `cancelled`, `unknown` (the network may have published it and could not tell; check the account, then settle it with `POST /api/v1/posts/{postId}/delivery-outcome`).',
    }),
    scheduledFor: z.string().datetime(),
    attempts: z.number().int().openapi({ description: 'Attempts made so far (at most 5).' }),
    nextAttemptAt: z
      .string()
      .datetime()
      .nullable()
      .openapi({ description: 'When the next attempt is due, while a delivery that failed an attempt waits for its retry; null otherwise.' }),
    lastError: z.string().nullable().openapi({ description: 'Why the last attempt failed.' }),
    externalId: z.string().nullable().openapi({
      description: "The network's id for the published post (an at:// URI on Bluesky, a status id on Mastodon, or what the publishing endpoint returned).",
    }),
    externalUrl: z.string().nullable(),
    publishedAt: z.string().datetime().nullable(),
  })
  .openapi('Delivery');

export const decisionSchema = z
  .object({
    postId: z.string(),
    decision: z.enum(['approve', 'reject', 'request_changes']),
    note: z.string().nullable().openapi({ description: "The reviewer's note: what to change, or why the post was rejected." }),
    decidedBy: z.string().openapi({ description: 'The user who decided.' }),
    decidedAt: z.string().datetime(),
    contentFingerprint: z.string().openapi({ description: "The content decided on; differs from the post's once it was edited since." }),
  })
  .openapi('Decision');

const postFields = {
  id: z.string(),
  channel: z.enum(channelNames),
  copy: z.string(),
  status: z.enum(postStatuses),
  contentFingerprint: z.string().openapi({ description: 'SHA-256 of channel, copy and visuals; an approval is bound to it.' }),
  approval: z.object({ approvedBy: z.string(), approvedAt: z.string().datetime() }).nullable(),
  lastDecision: decisionSchema.nullable().openapi({ description: "The newest review decision on this post, with the reviewer's note; null before the first." }),
  visuals: z.array(visualSchema),
  delivery: deliverySchema.nullable().openapi({ description: 'The latest scheduled delivery, and how it went.' }),
  updatedAt: z.string().datetime(),
};

export const postSchema = z.object({ ...postFields, variants: z.array(z.object(postFields).openapi('PostVariant')) }).openapi('Post');

export const postDetailSchema = z
  .object({
    ...postFields,
    campaignId: z.string(),
    variantOf: z.string().nullable().openapi({ description: 'The post this one is an alternative to; null for a main post.' }),
  })
  .openapi('PostDetail');

export const campaignStatusDescription =
  "Derived from the posts' statuses (variants included): `published` once every post not rejected is out, `partially_published` while some are out and others are not (failed, or still to go), `failed` when a post failed and none is out, then `scheduled`, `in_review`, `changes_requested`, `draft`, `approved` by what the rest are doing; `rejected` when every post was rejected. `postCounts` gives the exact numbers.";

export const postCountsSchema = z
  .object(Object.fromEntries(postStatuses.map((status) => [status, z.number().int()])) as Record<(typeof postStatuses)[number], z.ZodNumber>)
  .openapi('PostCounts', { description: 'How many posts (variants included) are in each state.' });

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    objective: z.string(),
    releaseId: z.string().nullable(),
    status: z.enum(campaignStatuses).openapi({ description: campaignStatusDescription }),
    postCounts: postCountsSchema,
    latestDecision: decisionSchema
      .nullable()
      .openapi({ description: 'The newest review decision on any of its posts (`postId` says which), with its note; null before the first.' }),
    posts: z.array(postSchema),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  })
  .openapi('Campaign');

export const visualInput = z.object({ url: z.string().url().max(2048), altText: z.string().trim().min(1).max(1000) }).strict();

/** One prefixed-id path parameter (`idParam('postId', 'pst')`); see shared/http/ids.ts for the shapes. */
export function idParam<N extends string>(name: N, prefix?: string) {
  return pathParams({ [name]: prefix ? prefixedId(prefix) : anyPrefixedId() } as Record<N, ReturnType<typeof prefixedId>>);
}

export const auditEventSchema = z
  .object({
    id: z.string(),
    campaignId: z.string().nullable(),
    releaseId: z.string().nullable(),
    postId: z.string().nullable(),
    action: z.string().openapi({ description: 'A post transition (`submit`, `approve`, `schedule`, …), or `create`, `update`, `delete`.' }),
    from: z.string().nullable(),
    to: z.string().nullable().openapi({ description: 'The status after the change; null when no status moved (an update or a deletion).' }),
    changedFields: z.array(z.string()).nullable().openapi({ description: 'The fields an `update` changed.' }),
    note: z.string().nullable().openapi({ description: "The note a person gave: a reviewer's reason with a decision, or the message of a review request." }),
    actor: z.object({ type: z.enum(['key', 'user', 'system']), id: z.string() }),
    at: z.string().datetime(),
  })
  .openapi('AuditEvent');

/** Every launch list answers this one page shape: `data`, and `nextCursor` to pass as `cursor` (null on the last page). */
export function pageSchema<T extends z.ZodTypeAny>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .openapi(name);
}
