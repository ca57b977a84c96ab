import { z } from '@hono/zod-openapi';
import { anyPrefixedId, pathParams, prefixedId } from '../../../shared/http/ids';
import { channelNames } from '../domain/channels';
import { campaignStatuses, postStatuses } from '../domain/post-status';

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
    status: z.enum(['pending', 'publishing', 'published', 'failed', 'cancelled']),
    scheduledFor: z.string().datetime(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    externalId: z.string().nullable().openapi({ description: "The network's id for the published post, as the publishing endpoint returned it." }),
    externalUrl: z.string().nullable(),
    publishedAt: z.string().datetime().nullable(),
  })
  .openapi('Delivery');

const postFields = {
  id: z.string(),
  channel: z.enum(channelNames),
  copy: z.string(),
  status: z.enum(postStatuses),
  contentFingerprint: z.string().openapi({ description: 'SHA-256 of channel, copy and visuals; an approval is bound to it.' }),
  approval: z.object({ approvedBy: z.string(), approvedAt: z.string().datetime() }).nullable(),
  visuals: z.array(visualSchema),
  delivery: deliverySchema.nullable().openapi({ description: 'The latest scheduled delivery, and how it went.' }),
  updatedAt: z.string().datetime(),
};

export const postSchema = z.object({ ...postFields, variants: z.array(z.object(postFields).openapi('PostVariant')) }).openapi('Post');

export const campaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    objective: z.string(),
    releaseId: z.string().nullable(),
    status: z.enum(campaignStatuses).openapi({ description: "Derived from the posts' statuses." }),
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
