import { z } from '@hono/zod-openapi';
import { int32Id, pathParams } from '../../../shared/http/ids';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { DELIMITER_PARAMS } from '../csv/delimiter';
import { jobStatuses } from '../domain/job-status';
import { listStatuses, listsFeature } from '../lists/lists';

/** Shapes shared by the list routes (lists, quality, download, remediation). */

export const listsAccess = { scopes: ['lists'], entitlement: listsFeature } as const;

export const listIdParams = pathParams({ list_id: int32Id() });

export const listNotFoundResponse = errorResponse('No such list in this workspace.');

/** The `delimiter` parameter of the CSV downloads; absent, the download uses the uploaded file's. */
export const delimiterQuery = z.enum(DELIMITER_PARAMS).optional().openapi({
  description:
    'The CSV delimiter: `,`, `;`, `tab` or `|` (URL-encode `;` and `|` as `%3B` and `%7C` if your client does not). By default the delimiter the uploaded file used (a JSON upload: `,`). A cell holding the delimiter, a quote or a line break is quoted. Ignored for `format=jsonl`.',
});

export const listSchema = z
  .object({
    list_id: z.number().int().openapi({ format: 'int32', example: 7 }),
    name: z.string(),
    source_key: z.string().nullable().openapi({ description: 'Where the list came from (a form, an import, a partner), for GET /v1/sources/quality.' }),
    status: z.enum(listStatuses).openapi({
      description:
        '`importing` while the upload is being read; `verifying` while one of its jobs runs; `completed` when they have ended; `cancelled` when one was cancelled.',
    }),
    sandbox: z.boolean(),
    columns: z.array(z.string()).openapi({ description: 'The original columns, in order (`column_1`… when the file had no header row).' }),
    email_column: z.string().nullable().openapi({ description: 'The column holding the addresses, as named or detected.' }),
    totals: z.object({
      rows: z.number().int().openapi({ description: 'Data rows, repeats and bad syntax included.' }),
      addresses: z.number().int().openapi({ description: 'Distinct addresses of valid syntax: each is checked once.' }),
      duplicates: z.number().int().openapi({
        description: 'Rows repeating an earlier address (ignoring case; Gmail dots and +tags too): not checked again, not charged.',
      }),
      syntax_errors: z.number().int().openapi({ description: 'Rows whose address is not valid syntax: not checked, not charged; see the download’s `line`.' }),
    }),
    progress: z.object({
      processed: z.number().int(),
      total: z.number().int(),
      percent: z.number().openapi({ description: 'processed of total, in percent (one decimal).' }),
    }),
    summary: z
      .object({
        safe: z.number().int(),
        risky: z.number().int(),
        invalid: z.number().int(),
        unknown: z.number().int(),
        failed: z.number().int(),
        dead_lettered: z.number().int(),
        cancelled: z.number().int(),
        pending: z.number().int(),
      })
      .openapi({ description: 'Distinct addresses by outcome, over the list’s jobs.' }),
    jobs: z.array(z.object({ job_id: z.number().int(), status: z.enum(jobStatuses) })).openapi({
      description:
        'The bulk jobs verifying the list, one per 50,000 distinct addresses: their progress, cancel and retry are those of GET/POST /v1/jobs/{job_id}.',
    }),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .openapi('List');
