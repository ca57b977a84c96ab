import { z } from '@hono/zod-openapi';
import { suppressionKinds, suppressionReasons, suppressionSources } from '../../../shared/db/schema';

export const suppressionSchema = z
  .object({
    id: z.number().int().openapi({ format: 'int32', example: 42, description: 'The entry’s id (int32).' }),
    kind: z.enum(suppressionKinds).openapi({ description: '`email`: one address; `domain`: every address at the domain and its subdomains.' }),
    value: z.string().openapi({ description: 'The address (lower case, ASCII domain) or the domain.' }),
    reason: z.enum(suppressionReasons).openapi({ description: 'Why the address may not be mailed.' }),
    source: z
      .enum(suppressionSources)
      .openapi({ description: '`api`: POST /v1/suppressions; `import`: a CSV import; `outcome`: POST /v1/outcomes; `provider`: a provider delivery.' }),
    note: z.string().nullable().openapi({ description: 'Free text; an outcome notes what reported it.' }),
    status: z.enum(['active', 'expired', 'deleted']).openapi({ description: '`active` entries match; `expired` and `deleted` ones never do.' }),
    expires_at: z.string().datetime().nullable().openapi({ description: 'When the entry stops applying; null for never.' }),
    created_at: z.string().datetime().openapi({ description: 'When the entry was made.' }),
    deleted_at: z.string().datetime().nullable().openapi({ description: 'When it was lifted (or replaced after expiring).' }),
  })
  .openapi('Suppression');

export const suppressionMatchSchema = z
  .object({
    entry: suppressionSchema.openapi({ description: 'The entry that matched.' }),
    matched_by: z.enum(['address', 'mailbox', 'domain']).openapi({
      description:
        '`address`: an entry for this very address; `mailbox`: an entry for an address delivering to the same mailbox (dots or `+tags` the provider ignores); `domain`: an entry for the domain or a parent domain.',
    }),
    matched_value: z.string().openapi({ description: 'The form of the address that matched: the address, or the mailbox it delivers to.' }),
  })
  .openapi('SuppressionMatch');
