import { createDatabase, type Database, type DatabaseConfig, type DatabaseHandle } from './client';

/**
 * Downloads and exports streamed a page at a time (DESIGN: "CSV out is a ReadableStream over keyset
 * pages"), so that memory stays flat whatever the table's size. The stream outlives the request's
 * handle, which closes when the handler returns: it reads through a handle of its own, opened on
 * the first page and closed at the end, on an error and on cancel.
 */

/** A page's text (empty when a filter kept none of its rows) and the key the next page starts at. */
export interface Page<K> {
  text: string;
  next: K;
}

export interface KeysetPages<K> {
  /** Written before the first page (a CSV header), even when no row follows. */
  head?: string;
  /** Where the first page starts. */
  first: K;
  /** The page starting at `key`, or null when no row is left. */
  read(db: Database, key: K): Promise<Page<K> | null>;
}

/** Pages read one after the other, each starting where the last row of the one before ended. */
export function keysetStream<K>(config: DatabaseConfig, pages: KeysetPages<K>): ReadableStream<Uint8Array> {
  let key = pages.first;
  return pagedStream(config, pages.head, {
    async next(db) {
      for (;;) {
        const page = await pages.read(db, key);
        if (!page) return null;
        key = page.next;
        if (page.text !== '') return page.text;
      }
    },
    drop() {},
  });
}

export interface RangePages {
  head?: string;
  /** Keys per page: a page is the rows whose key is in [from, from + size). */
  size: number;
  /** Pages asked for while the one before them is written; memory holds at most this many more. */
  ahead: number;
  /** The highest key, read once before the first page; below 0 when there is none. */
  last(db: Database): Promise<number>;
  read(db: Database, from: number, to: number): Promise<string>;
}

/**
 * Pages over ranges of a dense integer key (a row number): since each page's range is known before
 * the one before it comes back, the next `ahead` pages are asked for while one is written, so the
 * database, its HTTP hop and the rendering overlap. Pages a filter left empty are skipped, so each
 * pull gives the reader bytes or the end.
 */
export function rangeStream(config: DatabaseConfig, pages: RangePages): ReadableStream<Uint8Array> {
  let last: Promise<number> | undefined;
  let from = 0;
  /** Pages asked for, each as its text: a fraction of the memory its rows as objects would take. */
  const inFlight: Promise<string>[] = [];
  const fill = (db: Database, end: number) => {
    while (inFlight.length <= pages.ahead && from <= end) {
      const page = pages.read(db, from, from + pages.size);
      from += pages.size;
      // A page the stream no longer waits for (cancelled, or failed on an earlier one) must not
      // become an unhandled rejection; the one awaited still rejects there.
      page.catch(() => {});
      inFlight.push(page);
    }
  };
  return pagedStream(config, pages.head, {
    async next(db) {
      last ??= pages.last(db);
      const end = await last;
      for (;;) {
        fill(db, end);
        const page = inFlight.shift();
        if (!page) return null;
        const text = await page;
        if (text === '') continue;
        fill(db, end);
        return text;
      }
    },
    drop() {
      inFlight.length = 0;
    },
  });
}

interface TextSource {
  /** The next text to write, never empty; null at the end. */
  next(db: Database): Promise<string | null>;
  /** Forgets what was asked for ahead, once the stream has ended early. */
  drop(): void;
}

const encoder = new TextEncoder();

function pagedStream(config: DatabaseConfig, head: string | undefined, source: TextSource): ReadableStream<Uint8Array> {
  let handle: DatabaseHandle | undefined;
  let started = head === undefined;
  const finish = async () => {
    source.drop();
    await handle?.close().catch(() => {});
    handle = undefined;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      try {
        handle ??= createDatabase(config);
        const text = await source.next(handle.db);
        if (text === null) {
          await finish();
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(text));
      } catch (error) {
        await finish();
        controller.error(error);
      }
    },
    cancel: finish,
  });
}
