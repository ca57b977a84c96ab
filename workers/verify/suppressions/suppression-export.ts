import type { DatabaseConfig } from '../../../shared/db/client';
import { keysetStream } from '../../../shared/db/keyset-stream';
import { csvLine } from '../csv/csv';
import { suppressionPage, suppressionView } from './suppressions';

const PAGE = 1_000;
const HEADER = ['value', 'kind', 'reason', 'source', 'note', 'expires_at', 'created_at'] as const;
/**
 * The tenant's live entries as CSV. The columns are the ones an import reads (`value`, `reason`,
 * `expires_at`), so an export imports back unchanged.
 */
export function suppressionsCsvStream(config: DatabaseConfig, tenantId: string): ReadableStream<Uint8Array> {
  return keysetStream(config, {
    head: csvLine(HEADER),
    first: 0,
    async read(db, afterId) {
      const rows = await suppressionPage(db, tenantId, afterId, PAGE);
      if (rows.length === 0) return null;
      const now = new Date();
      const text = rows
        .map((row) => suppressionView(row, now))
        .map((view) => csvLine([view.value, view.kind, view.reason, view.source, view.note, view.expires_at, view.created_at]))
        .join('');
      return { text, next: rows.at(-1)!.id };
    },
  });
}
