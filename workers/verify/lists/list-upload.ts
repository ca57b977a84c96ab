import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { lists } from '../../../shared/db/schema';
import { sha256Hex } from '../../../shared/crypto';
import { ApiError } from '../../../shared/http/api-error';
import { NotUtf8Error, Utf8LineDecoder } from '../../../shared/http/utf8';
import type { JobCheckOptions } from '../bulk/jobs';
import type { BulkMessage } from '../bulk/messages';
import { ListInputError } from './columns';
import { CsvStreamParser, CsvSyntaxError, type CsvRow } from '../csv/csv-stream';
import type { CsvDelimiter } from '../csv/delimiter';
import { MultipartError, MultipartStreamParser } from './multipart';
import { ListRowWriter } from './list-import';
import { startListJobs, type ListJobCaller } from './list-jobs';
import type { ListRow } from './lists';

/** The largest upload taken: what a Worker accepts on most plans; about 1,000,000 rows of a few columns. */
export const MAX_LIST_UPLOAD_BYTES = 100 * 1024 * 1024;
/**
 * An upload that has written nothing for this long was cut off (its Worker stopped mid-stream, so
 * nothing removed what it wrote). Batches are written every 1,000 rows, far more often than this.
 */
export const INTERRUPTED_UPLOAD_MS = 10 * 60_000;
/** A text field of the form (name, email_column, …) is short. */
const MAX_FIELD_BYTES = 1024;

export interface ListFields {
  name: string;
  email_column?: string;
  source_key?: string;
  sandbox: boolean;
}

export interface ListCreation {
  caller: ListJobCaller;
  idempotencyKey?: string;
  options: (sandbox: boolean) => JobCheckOptions;
}

/** A client mistake in the upload, as the API's 400: the line and the reason. */
function inputError(error: unknown): never {
  if (error instanceof CsvSyntaxError) {
    throw new ApiError('validation_failed', `The CSV is malformed at line ${error.line}: ${error.reason}.`, {
      hint: error.hint,
      details: { field: 'file', line: error.line, reason: error.reason },
    });
  }
  if (error instanceof ListInputError) {
    throw new ApiError('validation_failed', error.line ? `Line ${error.line}: ${error.message}` : error.message, {
      hint: error.hint,
      details: { field: 'file', ...(error.line ? { line: error.line } : {}) },
    });
  }
  if (error instanceof MultipartError) {
    throw new ApiError('validation_failed', error.message, { hint: 'Send the form as multipart/form-data with a `file` part.', details: { field: 'body' } });
  }
  throw error;
}

/**
 * One upload in progress. With an Idempotency-Key, the list row claims the key when it is
 * created (a unique index): a concurrent duplicate finds it importing and gets 409; a later one
 * is compared by fingerprint (the fields and the file's bytes, not the multipart framing, which
 * differs on every send) and replays the list, or gets 422 if the request differs.
 */
class Upload {
  list: ListRow | undefined;
  replayOf: ListRow | undefined;
  writer: ListRowWriter | undefined;

  constructor(
    private readonly db: Database,
    private readonly queue: Queue<BulkMessage>,
    private readonly creation: ListCreation,
  ) {}

  /** Creates the list row, or finds the one its Idempotency-Key already made. */
  async begin(fields: ListFields): Promise<void> {
    const { caller, idempotencyKey } = this.creation;
    const [inserted] = await this.db
      .insert(lists)
      .values({
        tenantId: caller.tenantId,
        name: fields.name,
        sourceKey: fields.source_key ?? null,
        sandbox: fields.sandbox,
        idempotencyKey: idempotencyKey ?? null,
        createdBy: caller.createdBy,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      this.list = inserted;
      this.writer = new ListRowWriter(this.db, inserted, fields.email_column);
      return;
    }
    const [existing] = await this.db
      .select()
      .from(lists)
      .where(and(eq(lists.tenantId, caller.tenantId), eq(lists.idempotencyKey, idempotencyKey!)));
    if (existing?.status === 'importing' && existing.updatedAt < interruptedBefore(new Date())) {
      // The upload that made it was cut off: this retry takes its place.
      await removeInterrupted(this.db, new Date(), existing.id);
      return this.begin(fields);
    }
    if (!existing || existing.status === 'importing') {
      throw new ApiError('conflict', 'A request with this Idempotency-Key is still being processed.', {
        hint: 'Retry in a few seconds to receive its result.',
      });
    }
    this.replayOf = existing;
  }

  async add(row: CsvRow): Promise<void> {
    await this.writer?.add(row);
  }

  /** Hands the rows to the bulk jobs, or answers a replay; returns the list and whether it is a replay. */
  async finish(fields: ListFields, fingerprint: string, delimiter: CsvDelimiter = ','): Promise<{ list: ListRow; replayed: boolean }> {
    if (this.replayOf) {
      if (this.replayOf.requestFingerprint !== fingerprint) {
        throw new ApiError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request.', {
          hint: 'Use a new key for a different request.',
        });
      }
      return { list: this.replayOf, replayed: true };
    }
    const list = this.list!;
    await this.writer!.finish();
    // Stored while the list is still importing, so that a duplicate never sees it ready without one.
    await this.db.update(lists).set({ requestFingerprint: fingerprint, delimiter }).where(eq(lists.id, list.id));
    await startListJobs(this.db, this.queue, list, this.creation.caller, this.creation.options(fields.sandbox));
    return { list, replayed: false };
  }

  /** Removes what a failed upload wrote, so that a failure leaves nothing behind. */
  async abandon(): Promise<void> {
    if (this.list) await this.db.delete(lists).where(eq(lists.id, this.list.id));
  }
}

const interruptedBefore = (now: Date) => new Date(now.getTime() - INTERRUPTED_UPLOAD_MS);

/** Deletes lists still importing that no upload has written to for INTERRUPTED_UPLOAD_MS (one, or all); their rows go with them. */
async function removeInterrupted(db: Database, now: Date, listId?: number): Promise<number> {
  const removed = await db
    .delete(lists)
    .where(and(eq(lists.status, 'importing'), lt(lists.updatedAt, interruptedBefore(now)), listId === undefined ? undefined : eq(lists.id, listId)))
    .returning({ id: lists.id });
  return removed.length;
}

/** The hourly sweep: what uploads cut off with their Worker left behind (a failed upload removes its own). */
export const sweepInterruptedUploads = (db: Database, now: Date): Promise<number> => removeInterrupted(db, now);

const fieldsFingerprint = (fields: ListFields) => JSON.stringify([fields.name, fields.email_column ?? null, fields.source_key ?? null, fields.sandbox]);

/**
 * A multipart upload (`file` and text fields, the fields first), read as a stream: the file's bytes
 * are decoded as UTF-8 (strictly: another encoding is a 400 naming the line), parsed row by row
 * and written in batches, so nothing proportional to the file is held.
 */
export async function createListFromMultipart(
  db: Database,
  queue: Queue<BulkMessage>,
  creation: ListCreation,
  body: ReadableStream<Uint8Array>,
  boundary: string,
  parseFields: (raw: Record<string, string>) => ListFields,
): Promise<{ list: ListRow; replayed: boolean }> {
  const upload = new Upload(db, queue, creation);
  const multipart = new MultipartStreamParser(boundary);
  const csv = new CsvStreamParser();
  const decoder = new Utf8LineDecoder();
  const digest = new crypto.DigestStream('SHA-256');
  const hasher = digest.getWriter();
  const raw: Record<string, string> = {};
  let fields: ListFields | undefined;
  let part: { name: string; isFile: boolean; field: Utf8LineDecoder | undefined } | undefined;
  let sawFile = false;
  let size = 0;

  const addRows = async (rows: CsvRow[]) => {
    for (const row of rows) await upload.add(row);
  };
  const decode = (bytes: Uint8Array | undefined) => {
    try {
      return decoder.decode(bytes);
    } catch (error) {
      if (!(error instanceof NotUtf8Error)) throw error;
      throw new ListInputError('The file is not UTF-8 text.', error.hint, error.line);
    }
  };

  // A text field's bytes may arrive split mid-character: decoded as a stream, finished when the next part begins.
  const fieldText = (name: string, decoder: Utf8LineDecoder, bytes?: Uint8Array) => {
    try {
      return decoder.decode(bytes);
    } catch (error) {
      if (!(error instanceof NotUtf8Error)) throw error;
      throw new ApiError('validation_failed', `The field ${JSON.stringify(name)} is not UTF-8 text.`, { hint: error.hint, details: { field: name } });
    }
  };

  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_LIST_UPLOAD_BYTES) {
        throw new ApiError('payload_too_large', `The upload is larger than ${MAX_LIST_UPLOAD_BYTES} bytes.`, {
          hint: 'Split the file into several lists.',
          details: { maxBytes: MAX_LIST_UPLOAD_BYTES },
        });
      }
      for (const event of multipart.push(value)) {
        if (event.type === 'part') {
          if (part?.field) raw[part.name] += fieldText(part.name, part.field);
          if (event.name === 'file') {
            if (sawFile) throw new MultipartError('The form has more than one `file` part.');
            sawFile = true;
            fields = parseFields(raw);
            await upload.begin(fields);
          } else if (sawFile) {
            throw new MultipartError(`The field ${JSON.stringify(event.name)} comes after the file; send the text fields first.`);
          }
          part = { name: event.name, isFile: event.name === 'file', field: event.name === 'file' ? undefined : new Utf8LineDecoder() };
          raw[event.name] ??= '';
        } else if (event.type === 'data' && part) {
          if (part.isFile) {
            await hasher.write(event.bytes);
            if (upload.writer) await addRows(csv.push(decode(event.bytes)));
          } else {
            raw[part.name] += fieldText(part.name, part.field!, event.bytes);
            if (raw[part.name]!.length > MAX_FIELD_BYTES) throw new MultipartError(`The field ${JSON.stringify(part.name)} is too long.`);
          }
        }
      }
    }
    multipart.end();
    if (!sawFile || !fields) {
      throw new ApiError('validation_failed', 'The form has no `file` part.', { hint: 'Attach the CSV as the `file` field.', details: { field: 'file' } });
    }
    if (upload.writer) {
      await addRows(csv.push(decode(undefined)));
      await addRows(csv.end());
    }
    await hasher.write(new TextEncoder().encode(`\n${fieldsFingerprint(fields)}`));
    await hasher.close();
    const fingerprint = [...new Uint8Array(await digest.digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
    return await upload.finish(fields, fingerprint, csv.detectedDelimiter);
  } catch (error) {
    await reader.cancel().catch(() => {});
    await upload.abandon();
    inputError(error);
  }
}

/** JSON rows (objects with free-form keys); the columns are the keys in order of first appearance. */
export async function createListFromRows(
  db: Database,
  queue: Queue<BulkMessage>,
  creation: ListCreation,
  fields: ListFields,
  rows: Record<string, unknown>[],
): Promise<{ list: ListRow; replayed: boolean }> {
  const upload = new Upload(db, queue, creation);
  try {
    const columns: string[] = [];
    const known = new Set<string>();
    for (const row of rows) for (const key of Object.keys(row)) if (!known.has(key) && known.add(key)) columns.push(key);
    const cell = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));
    await upload.begin(fields);
    // The keys act as the header row; row n of `rows` is line n.
    await upload.add({ cells: columns, line: 0 });
    for (const [index, row] of rows.entries()) await upload.add({ cells: columns.map((column) => cell(row[column])), line: index + 1 });
    const fingerprint = await sha256Hex(JSON.stringify([fieldsFingerprint(fields), columns, rows.map((row) => columns.map((column) => cell(row[column])))]));
    return await upload.finish(fields, fingerprint);
  } catch (error) {
    await upload.abandon();
    inputError(error);
  }
}
