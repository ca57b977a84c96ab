/**
 * The hand-written parsers of an upload against maintained libraries that do the same, in one
 * process, interleaved round by round so that a busy machine weighs on each alike (issue 41.3; the
 * decision is in bench/RESULTS.md, "Parsers"). The input is the lists bench's CSV (BOM, semicolons,
 * a quoted cell per row) in 64 KiB chunks, as a request body arrives, and the same file as one
 * multipart/form-data part. The libraries are not dependencies of the project (hence this folder,
 * which the typecheck leaves out):
 *
 *   npm install --no-save --ignore-scripts csv-parse@7 papaparse@5 d3-dsv@3 @remix-run/multipart-parser@0.16
 *   npx tsx bench/candidates/parsers.ts          # ROWS=100000 ROUNDS=5 by default
 */
import { CsvStreamParser } from '../../workers/verify/csv/csv-stream';
import { MultipartStreamParser } from '../../workers/verify/lists/multipart';
import { parse as csvParseStream } from 'csv-parse/stream';
import { parse as csvParseSync } from 'csv-parse/sync';
import { dsvFormat } from 'd3-dsv';
import Papa from 'papaparse';
import { parseCsv } from '../../workers/verify/csv/csv';
import { MultipartParser } from '@remix-run/multipart-parser';

const ROWS = Number(process.env.ROWS ?? 100_000);
const lines = ['\uFEFFFirst name;Last name;Email;Company;Notes'];
for (let n = 0; n < ROWS; n++) {
  const id = n % 20 === 19 ? n - 10 : n;
  lines.push(`Person;Number ${n};alice+${id}@d${String(id % 200).padStart(3, '0')}.lists.bench.test;"Company ${n % 97}; Ltd";signed up ${n % 28} days ago`);
}
const text = `${lines.join('\r\n')}\r\n`;
const bytes = new TextEncoder().encode(text);
const CHUNK = 64 * 1024;
const chunks: Uint8Array[] = [];
for (let at = 0; at < bytes.length; at += CHUNK) chunks.push(bytes.subarray(at, at + CHUNK));

async function ours() {
  const parser = new CsvStreamParser();
  const decoder = new TextDecoder();
  let rows = 0;
  for (const chunk of chunks) rows += parser.push(decoder.decode(chunk, { stream: true })).length;
  rows += parser.push(decoder.decode()).length + parser.end().length;
  return rows;
}

async function csvParseWeb() {
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  }).pipeThrough(csvParseStream({ delimiter: ';', bom: true, info: true, relax_column_count: true, skip_empty_lines: true }));
  let rows = 0;
  for await (const _ of stream as unknown as AsyncIterable<unknown>) rows += 1;
  return rows;
}

async function csvParseWhole() {
  return csvParseSync(bytes, { delimiter: ';', bom: true, info: true, relax_column_count: true, skip_empty_lines: true }).length;
}

async function papaWhole() {
  return Papa.parse(text, { delimiter: ';', skipEmptyLines: 'greedy' }).data.length;
}

async function oursWhole() {
  return parseCsv(text).length;
}

async function d3Whole() {
  return dsvFormat(';').parseRows(text.slice(1)).length;
}

const boundary = 'X-BENCH-BOUNDARY';
const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n`);
const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
const body = new Uint8Array(head.length + bytes.length + tail.length);
body.set(head, 0);
body.set(bytes, head.length);
body.set(tail, head.length + bytes.length);
const bodyChunks: Uint8Array[] = [];
for (let at = 0; at < body.length; at += CHUNK) bodyChunks.push(body.subarray(at, at + CHUNK));

async function oursMultipart() {
  const parser = new MultipartStreamParser(boundary);
  let size = 0;
  for (const chunk of bodyChunks) for (const event of parser.push(chunk)) if (event.type === 'data') size += event.bytes.length;
  parser.end();
  return size;
}

async function remixMultipart() {
  const parser = new MultipartParser(boundary, { maxFileSize: 100 * 1024 * 1024, maxTotalSize: 100 * 1024 * 1024 });
  let size = 0;
  for (const chunk of bodyChunks) for (const part of parser.write(chunk)) size += part.size;
  parser.finish();
  return size;
}

const contenders: Array<[string, () => Promise<number>]> = [
  ['csv: ours (CsvStreamParser, streamed)', ours],
  ['csv: csv-parse 7 (web TransformStream, streamed)', csvParseWeb],
  ['csv: csv-parse 7 (sync, whole file)', csvParseWhole],
  ['csv: ours (parseCsv, whole string)', oursWhole],
  ['csv: papaparse 5 (whole string)', papaWhole],
  ['csv: d3-dsv 3 (whole string)', d3Whole],
  ['multipart: ours (MultipartStreamParser)', oursMultipart],
  ['multipart: @remix-run/multipart-parser 0.16 (buffers each part)', remixMultipart],
];
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const times = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of contenders) {
    const started = performance.now();
    const count = await run();
    const ms = performance.now() - started;
    if (round === 0) console.error(name, 'count', count);
    times.set(name, [...(times.get(name) ?? []), ms]);
  }
}
const mb = bytes.length / 1e6;
console.log(`${ROWS} rows, ${mb.toFixed(1)} MB, ${ROUNDS} rounds interleaved, median:`);
for (const [name, list] of times) {
  const median = [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  console.log(`| ${name} | ${median.toFixed(0)} ms | ${(mb / (median / 1000)).toFixed(1)} MB/s | ${Math.round(ROWS / (median / 1000))} rows/s |`);
}
