import { z } from '@hono/zod-openapi';

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), { message: 'Expected an http or https URL.' });
const text = (max: number) => z.string().trim().min(1).max(max);
const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'Expected a colour as #rrggbb.' })
  .transform((value) => value.toLowerCase());

/** The profile's fields as the API reads and writes them (workers/launch/domain/product-profile.ts). */
const fields = {
  name: text(200).nullable(),
  tagline: text(500).nullable(),
  description: text(2000).nullable(),
  audience: text(500).nullable().openapi({ description: 'Who the product is for, in the words of its site.' }),
  keyFeatures: z.array(text(200)).max(20),
  siteUrl: httpUrl.nullable(),
  pricingUrl: httpUrl.nullable(),
  docsUrl: httpUrl.nullable(),
  socialHandles: z
    .record(z.string().regex(/^[a-z0-9-]{1,30}$/, { message: 'Expected a channel name of lower-case letters, digits and hyphens.' }), text(200))
    .refine((value) => Object.keys(value).length <= 20, { message: 'At most 20 handles.' })
    .openapi({ description: 'Channel → handle, e.g. `{ "x": "acme", "mastodon": "@acme@hachyderm.io" }`.' }),
  logoUrl: httpUrl.nullable(),
  brandColors: z.array(colour).max(12).openapi({ description: 'As `#rrggbb`, most prominent first.' }),
  voiceSamples: z
    .array(z.object({ text: text(500), url: httpUrl }).strict())
    .max(20)
    .openapi({ description: 'Sentences that show how the product speaks, each with the page it came from.' }),
};

export const productProfileSchema = z
  .object({
    name: z.string().nullable(),
    tagline: z.string().nullable(),
    description: z.string().nullable(),
    audience: z.string().nullable(),
    keyFeatures: z.array(z.string()),
    siteUrl: z.string().nullable(),
    pricingUrl: z.string().nullable(),
    docsUrl: z.string().nullable(),
    socialHandles: z.record(z.string(), z.string()),
    logoUrl: z.string().nullable(),
    brandColors: z.array(z.string()),
    voiceSamples: z.array(z.object({ text: z.string(), url: z.string() })),
  })
  .openapi('ProductProfileFields');

export const productProfileView = productProfileSchema
  .extend({
    updatedBy: z
      .string()
      .nullable()
      .openapi({ description: '`onboarding` when a run last wrote it, else the key or user id of the last editor; null before anything was written.' }),
    updatedAt: z.string().datetime().nullable(),
  })
  .openapi('ProductProfile');

export const productProfileChange = z
  .object({
    name: fields.name.optional(),
    tagline: fields.tagline.optional(),
    description: fields.description.optional(),
    audience: fields.audience.optional(),
    keyFeatures: fields.keyFeatures.optional(),
    siteUrl: fields.siteUrl.optional(),
    pricingUrl: fields.pricingUrl.optional(),
    docsUrl: fields.docsUrl.optional(),
    socialHandles: fields.socialHandles.optional(),
    logoUrl: fields.logoUrl.optional(),
    brandColors: fields.brandColors.optional(),
    voiceSamples: fields.voiceSamples.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .openapi('ProductProfileChange');
