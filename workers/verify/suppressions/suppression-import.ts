import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { suppressions, tenants, type SuppressionReason } from '../../../shared/db/schema';
import { refreshStatistics } from '../../../shared/db/statistics';
import { ApiError } from '../../../shared/http/api-error';
import { NotUtf8Error, Utf8LineDecoder } from '../../../shared/http/utf8';
import { CsvStreamParser, CsvSyntaxError, type CsvRow } from '../csv/csv-stream';
import { importColumns, interpretRow, type ImportColumns, type ImportDecision } from './import-rows';
import { closeExpiredIn } from './suppression-expiry';
import { importSuppressionBatch, type ImportRow, type SuppressionActor } from './suppressions';

/** Rows written per INSERT; the whole import is still one transaction. */
const BATCH_ROWS = 2_000;
/** An import that adds at least this many entries has the table's statistics refreshed before it commits. */
const ANALYZE_AFTER_ROWS = 10_000;
/** Rejected rows listed in the answer; all are counted. */
export const MAX_LISTED_REJECTIONS = 1_000;
export const MAX_IMPORT_ROWS = 1_000_000;
/** The body's limit, counted as it is read (a chunked upload declares no length). */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024;

export interface ImportSummary {
  rows: number;
  added: number;
  /** Valid rows already suppressed, by an earlier entry or an earlier row of the same file. */
  already_present: number;
  rejected: number;
  rejections: Array<Omit<Extract<ImportDecision, { ok: false }>, 'ok'>>;
  rejections_truncated: boolean;
}

/**
 * Streams a CSV body into suppressions: rows are parsed as they arrive and written a batch at a
 * time, so memory stays flat whatever the file's size; the whole import is one transaction, so a
 * file that turns out to be unreadable (it ends inside a quoted cell, it is over the row limit)
 * leaves nothing behind. Rows that are not an address or a domain are rejected with their line.
 */
export async function importSuppressions(
  db: Database,
  tenantId: string,
  body: ReadableStream<Uint8Array>,
  options: { reason: SuppressionReason; actor: SuppressionActor },
): Promise<ImportSummary> {
  const now = new Date();
  const summary: ImportSummary = { rows: 0, added: 0, already_present: 0, rejected: 0, rejections: [], rejections_truncated: false };
  const reader = new CsvStreamParser();
  let columns: ImportColumns | null = null;
  let batch: ImportRow[] = [];

  // Interactive: a streamed import commits whole or not at all, one batch of rows at a time as the CSV is read.
  await db.interactive(async (tx) => {
    // Once, not per batch: matching each batch's values against the workspace's entries costs more as the import grows them.
    await closeExpiredIn(tx, now, { tenantId });
    const flush = async () => {
      const added = await importSuppressionBatch(tx, tenantId, batch, options.actor);
      summary.added += added;
      summary.already_present += batch.length - added;
      batch = [];
    };
    const take = async (rows: CsvRow[]) => {
      for (const row of rows) {
        if (columns === null) {
          const found = importColumns(row);
          columns = found.columns;
          if (found.header) continue;
        }
        summary.rows += 1;
        if (summary.rows > MAX_IMPORT_ROWS) {
          throw new ApiError('validation_failed', `The file has more than ${MAX_IMPORT_ROWS} rows; nothing was imported.`, {
            hint: 'Split it into several imports.',
            details: { field: 'body', line: row.line },
          });
        }
        const decision = interpretRow(row, columns, options.reason);
        if (decision.ok) {
          batch.push({ key: decision.key, reason: decision.reason, expiresAt: decision.expiresAt });
          if (batch.length >= BATCH_ROWS) await flush();
        } else {
          summary.rejected += 1;
          const { ok: _, ...rejection } = decision;
          if (summary.rejections.length < MAX_LISTED_REJECTIONS) summary.rejections.push(rejection);
          else summary.rejections_truncated = true;
        }
      }
    };
    try {
      // Read as an iterator, not through pipes: leaving a pipe early (a refused byte, a row too many)
      // rejects the pipe's own promise, which workerd reports as unhandled.
      async function* counted(): AsyncGenerator<Uint8Array> {
        let size = 0;
        for await (const chunk of body) {
          size += chunk.length;
          if (size > MAX_IMPORT_BYTES) {
            throw new ApiError('payload_too_large', `The body is larger than ${MAX_IMPORT_BYTES} bytes; nothing was imported.`, {
              hint: 'Split the file into several imports.',
              details: { maxBytes: MAX_IMPORT_BYTES },
            });
          }
          yield chunk;
        }
      }
      for await (const chunk of Utf8LineDecoder.text(counted())) await take(reader.push(chunk));
      await take(reader.end());
    } catch (error) {
      if (error instanceof CsvSyntaxError || error instanceof NotUtf8Error) {
        throw new ApiError('validation_failed', `${error.message}; nothing was imported.`, {
          hint: error.hint,
          details: { field: 'body', line: error.line },
        });
      }
      throw error;
    }
    await flush();
    // Committed with the rows, so the first check after a large import already plans by the entries it added.
    if (summary.added >= ANALYZE_AFTER_ROWS) await refreshStatistics(tx, suppressions);
    // Last, so that it is later than any list scan the import's entries were still invisible to.
    if (summary.added > 0) await tx.update(tenants).set({ suppressionsImportedAt: sql`clock_timestamp()` }).where(eq(tenants.id, tenantId));
  });
  return summary;
}
