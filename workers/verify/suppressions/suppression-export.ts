import { createDatabase, type DatabaseConfig, type DatabaseHandle } from '../../../shared/db/client';
import { csvLine } from '../csv/csv';
import { suppressionPage, suppressionView } from './suppressions';

const PAGE = 1_000;
const HEADER = ['value', 'kind', 'reason', 'source', 'note', 'expires_at', 'created_at'] as const;
const encoder = new TextEncoder();

/**
 * The tenant's live entries as CSV, a keyset page at a time, so memory stays flat. The columns
 * are the ones an import reads (`value`, `reason`, `expires_at`), so an export imports back
 * unchanged. The stream outlives the request's pool: it reads through its own, closed at the end.
 */
export function suppressionsCsvStream(config: DatabaseConfig, tenantId: string): ReadableStream<Uint8Array> {
  let handle: DatabaseHandle | undefined;
  let afterId = 0;
  let started = false;
  const finish = async () => {
    await handle?.close().catch(() => {});
    handle = undefined;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(HEADER)));
        return;
      }
      try {
        handle ??= createDatabase(config);
        const rows = await suppressionPage(handle.db, tenantId, afterId, PAGE);
        if (rows.length === 0) {
          await finish();
          controller.close();
          return;
        }
        afterId = rows.at(-1)!.id;
        const now = new Date();
        controller.enqueue(
          encoder.encode(
            rows
              .map((row) => suppressionView(row, now))
              .map((view) => csvLine([view.value, view.kind, view.reason, view.source, view.note, view.expires_at, view.created_at]))
              .join(''),
          ),
        );
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
}
