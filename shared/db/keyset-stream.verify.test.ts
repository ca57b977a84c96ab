import { env } from 'cloudflare:test';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { keysetStream, rangeStream } from './keyset-stream';

/** The integers after `after` (up to `last`), `limit` of them, read from PostgreSQL as one line each. */
async function numbersAfter(db: Database, after: number, last: number, limit: number): Promise<number[]> {
  const result = await db.execute<{ n: number }>(sql`select n from generate_series(1, ${last}::int) as n where n > ${after} order by n limit ${limit}`);
  return result.rows.map((row) => Number(row.n));
}

function lines(numbers: readonly number[]): string {
  return numbers.map((n) => `${n}\n`).join('');
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

function sequence(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

describe('keysetStream', () => {
  it('writes the head, then every page in key order, each starting after the last row of the one before', async () => {
    const starts: number[] = [];
    const text = await readAll(
      keysetStream(env, {
        head: 'n\n',
        first: 0,
        async read(db, after) {
          starts.push(after);
          const numbers = await numbersAfter(db, after, 2_500, 1_000);
          return numbers.length === 0 ? null : { text: lines(numbers), next: numbers.at(-1)! };
        },
      }),
    );
    expect(text).toBe(`n\n${lines(sequence(1, 2_500))}`);
    expect(starts).toEqual([0, 1_000, 2_000, 2_500]);
  });

  it('writes the head alone when no row exists', async () => {
    const text = await readAll(keysetStream(env, { head: 'n\n', first: 0, read: async () => null }));
    expect(text).toBe('n\n');
  });

  it('skips a page whose rows a filter left out, and goes on to the next', async () => {
    const text = await readAll(
      keysetStream(env, {
        first: 0,
        async read(db, after) {
          const numbers = await numbersAfter(db, after, 30, 10);
          if (numbers.length === 0) return null;
          return { text: lines(numbers.filter((n) => n <= 10 || n > 20)), next: numbers.at(-1)! };
        },
      }),
    );
    expect(text).toBe(lines([...sequence(1, 10), ...sequence(21, 30)]));
  });

  it('errors the stream with the failure of a page read', async () => {
    const reader = keysetStream(env, {
      head: 'n\n',
      first: 0,
      async read(db, after) {
        if (after > 0) await db.execute(sql`select 1 / 0`);
        const numbers = await numbersAfter(db, after, 20, 10);
        return { text: lines(numbers), next: numbers.at(-1)! };
      },
    }).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('n\n');
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(lines(sequence(1, 10)));
    await expect(reader.read()).rejects.toThrow(/select 1 \/ 0/);
  });
});

describe('rangeStream', () => {
  const ranges = (ahead: number, asked: Array<[number, number]>, keep: (n: number) => boolean = () => true) =>
    rangeStream(env, {
      head: 'n\n',
      size: 100,
      ahead,
      last: async (db) => Number((await db.execute<{ last: number }>(sql`select 1049 as last`)).rows[0]!.last),
      async read(db, from, to) {
        asked.push([from, to]);
        const numbers = await numbersAfter(db, from - 1, Math.min(to - 1, 1_049), to - from);
        return lines(numbers.filter(keep));
      },
    });

  it('writes every range up to the last key in order, with pages asked for ahead', async () => {
    const asked: Array<[number, number]> = [];
    const text = await readAll(ranges(2, asked));
    expect(text).toBe(`n\n${lines(sequence(1, 1_049))}`);
    expect(asked.map(([from]) => from)).toEqual(sequence(0, 10).map((page) => page * 100));
  });

  it('skips ranges a filter left empty, so a pull gives rows or the end', async () => {
    const reader = ranges(1, [], (n) => n >= 700).getReader();
    await reader.read();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe(lines(sequence(700, 799)));
  });

  it('holds no more than `ahead` pages beyond the one written', async () => {
    const asked: Array<[number, number]> = [];
    const reader = ranges(2, asked).getReader();
    await reader.read();
    await reader.read();
    expect(asked.length).toBeLessThanOrEqual(4);
    await reader.cancel();
  });
});
