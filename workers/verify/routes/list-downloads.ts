import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { readConfig } from '../../../shared/config';
import { defineOperation } from '../auth/operation';
import { verifyConfigSchema } from '../config';
import type { VerifyEnv } from '../env';
import { downloadFilters, downloadFormats, filterDescriptions, listRowsStream, VERDICT_COLUMNS } from '../lists/list-results';
import { refreshListSuppressions } from '../lists/list-suppressions';
import { findList } from '../lists/lists';
import { delimiterQuery, listIdParams, listNotFoundResponse, listsAccess } from './list-schemas';
import { downloadDelimiter } from '../csv/delimiter';

const downloadRoute = defineOperation({
  method: 'get',
  path: '/v1/lists/{list_id}/download',
  operationId: 'v1_download_list',
  tags: ['Lists'],
  summary: 'The cleaned list: the original rows with their verdicts, filtered',
  description: `The rows as uploaded (their original columns, in order), followed by ${VERDICT_COLUMNS.map((name) => `\`${name}\``).join(', ')}, streamed whatever the list’s size. \`verification_result\` is \`safe\`, \`risky\`, \`invalid\`, \`unknown\`, or \`pending\` while the address waits for its check; \`verification_reason\` is the check’s reason or, for bad syntax, why. Filters other than \`all\` leave repeats out (one row per address). CSV (the default) starts with a byte order mark, so spreadsheets read UTF-8; JSON Lines gives one object per row, the original cells under \`columns\`.\n\nAddresses on the workspace’s suppression list are left out of every filter unless \`include_suppressed=true\` (the \`suppressed\` filter lists only them); the \`suppressed\`, \`suppression_id\` (the matching entry, see GET /v1/suppressions/{id}/events) and \`suppression_reason\` columns say which rows are and why. The list is matched against the suppression list as it stands when the download starts.\n\n${downloadFilters.map((filter) => `- \`${filter}\`: ${filterDescriptions[filter]}`).join('\n')}`,
  access: listsAccess,
  request: {
    params: listIdParams,
    query: z.object({
      filter: z.enum(downloadFilters).default('all').openapi({ description: 'Which rows; see above.' }),
      format: z.enum(downloadFormats).default('csv'),
      delimiter: delimiterQuery,
      include_suppressed: z
        .enum(['true', 'false'])
        .default('false')
        .openapi({ type: 'boolean', description: 'Keep suppressed addresses in the download (flagged); by default they are left out.' }),
    }),
  },
  responses: {
    200: {
      description: 'The rows, as an attachment.',
      content: {
        'text/csv': { schema: z.string().openapi({ description: 'RFC 4180 (with the chosen delimiter), CRLF line ends.' }) },
        'application/x-ndjson': { schema: z.string().openapi({ description: 'One JSON object per line.' }) },
      },
    },
    404: listNotFoundResponse,
  },
});

export function registerListDownloadRoutes(app: OpenAPIHono<VerifyEnv>): void {
  app.openapi(downloadRoute, async (c) => {
    const { filter, format, delimiter, include_suppressed: includeSuppressed } = c.req.valid('query');
    const db = c.get('services').db;
    const list = await findList(db, c.get('principal').workspaceId, c.req.valid('param').list_id);
    await refreshListSuppressions(db, list);
    const stream = listRowsStream(readConfig(verifyConfigSchema, c.env), list, { filter, includeSuppressed: includeSuppressed === 'true' }, format, {
      delimiter: downloadDelimiter(list.delimiter, delimiter),
    });
    // Through the context, so the headers the request path set (X-Request-Id, X-RateLimit-*) go out too.
    return c.body(stream, 200, {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="list-${list.id}-${filter}.${format}"`,
    });
  });
}
