/**
 * Where a pipeline push's acknowledgement goes against its floor (bench/bare `POST
 * /bare/push-floor`), one request at a time: each request's time split at the local Neon HTTP
 * query server, which records when each statement or batch arrived and left, into
 *   - before the database: the request path, the handler's own work and anything it awaits first;
 *   - the database: the server's time for the statements and batches the request sent;
 *   - between them, and after the last: the Worker reading the result and answering.
 * The requests are sent from a child process, so this process's servers (SQL over HTTP, Upstash)
 * never hold up the client's reading of an answer.
 *
 *   npx tsx bench/push-split.ts
 *
 * PUSH_SPLIT_ROWS rows a push (1), PUSH_SPLIT_PAIRS pairs timed (200) after 30 to warm,
 * PUSH_SPLIT_GAP_MS between requests (20). The pushed pipeline's batch waits a day, so nothing
 * runs; with PUSH_SPLIT_DUE=1 its batch is due at once and each push also starts its run in the
 * same isolate (then use a gap of about 300 ms, so that a run ends before the next request).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { startDataStack } from '../dev/data-stack';
import { startWorker, waitForHealth } from '../dev/workers';
import { startBareWorker } from './bare/start';
import { median } from './screenshot';
import { verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';
import { freePort } from '../test/node/free-port';

const ROWS = Number(process.env.PUSH_SPLIT_ROWS ?? 1);
const PAIRS = Number(process.env.PUSH_SPLIT_PAIRS ?? 200);
const GAP_MS = Number(process.env.PUSH_SPLIT_GAP_MS ?? 20);
const DUE = process.env.PUSH_SPLIT_DUE === '1';
const WARM_PAIRS = 30;

/** Epoch milliseconds with sub-millisecond precision, comparable between processes. */
const now = () => performance.timeOrigin + performance.now();

interface Served {
  port: number;
  arrived: number;
  left: number;
}
const served: Served[] = [];
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === 'request') {
    const entry = { port: (this.address() as { port: number }).port, arrived: now(), left: 0 };
    (args[1] as http.ServerResponse).once('finish', () => {
      entry.left = now();
      served.push(entry);
    });
  }
  return Reflect.apply(emit, this, [event, ...args]);
} as typeof emit;

const stateDir = join(process.cwd(), '.local', 'push-split');
mkdirSync(stateDir, { recursive: true });
chmodSync(stateDir, 0o755);
const stack = await startDataStack({ dataDir: join(stateDir, 'postgres'), postgresPort: await freePort(), progress: () => {} });
const sqlPort = Number(new URL(stack.bindings.NEON_HTTP_ENDPOINT).port);
const pool = new pg.Pool({ connectionString: stack.bindings.DATABASE_URL });
const db = drizzle(pool, { schema });
const tenant = await createTenant(db, { name: 'Split tenant', planId: 'enterprise' });
const keys: string[] = [];
// Enough that none reaches its 60 requests a minute.
for (let i = 0; i < 40; i++) keys.push((await createVerifyApiKey(db, { tenantId: tenant.id, name: `split ${i}`, scopes: verifyScopes })).secret);
const pipeline = (name: string, status: 'active' | 'paused', due: boolean) => ({
  tenantId: tenant.id,
  name,
  status,
  emailColumn: 'email',
  options: { sandbox: true },
  batchMaxRows: due ? 500 : 100_000,
  batchMaxWaitSeconds: due ? 0 : 86_400,
  createdBy: 'push-split',
});
const [pushed] = await db
  .insert(schema.pipelines)
  .values(pipeline('pushed', 'active', DUE))
  .returning();
// The floor stores its rows as a push does, into a paused pipeline, so no run takes them.
const [floored] = await db
  .insert(schema.pipelines)
  .values(pipeline('floor', 'paused', false))
  .returning();
await pool.end();

const verify = startWorker({
  name: 'verify',
  port: await freePort(),
  inspectorPort: null,
  vars: { ...stack.bindings, INTERNAL_SECRET: 'x'.repeat(32) },
  stateDir,
  log: () => {},
});
const bare = startBareWorker({ port: await freePort(), bindings: stack.bindings, stateDir });
try {
  await Promise.all([waitForHealth(`${verify.url}/v1/health`, verify.child, 60_000), waitForHealth(`${bare.url}/bare/do`, bare.child, 60_000)]);
  const timings = await timeInChild({
    push: `${verify.url}/v1/pipelines/${pushed!.id}/push`,
    floor: `${bare.url}/bare/push-floor/${tenant.id}/${floored!.id}`,
    keys,
  });
  // The last answer's statements are recorded once their responses finish.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const kind of ['floor', 'push'] as const) {
    const splits = timings.filter((timing) => timing.kind === kind).map(split);
    const middle = (pick: (split: Split) => number) => median(splits.map(pick)).toFixed(2);
    console.log(
      `${kind.padEnd(5)} ${ROWS} row(s), ${splits.length} requests, medians in ms: total ${middle((s) => s.total)} · before the database ${middle((s) => s.before)} · database ${middle((s) => s.database)} (${middle((s) => s.requests)} requests) · between ${middle((s) => s.between)} · after ${middle((s) => s.after)}`,
    );
  }
} finally {
  await Promise.all([verify.stop(), bare.stop()]);
  await stack.close();
}

interface Timing {
  kind: 'push' | 'floor';
  sent: number;
  answered: number;
}

interface Split {
  total: number;
  before: number;
  database: number;
  requests: number;
  between: number;
  after: number;
}

/** One request's time, split by the statements the SQL server served while it was open. */
function split(timing: Timing): Split {
  const statements = served
    .filter((entry) => entry.port === sqlPort && entry.arrived >= timing.sent && entry.left <= timing.answered)
    .sort((a, b) => a.arrived - b.arrived);
  const total = timing.answered - timing.sent;
  if (statements.length === 0) return { total, before: total, database: 0, requests: 0, between: 0, after: 0 };
  const before = statements[0]!.arrived - timing.sent;
  const database = statements.reduce((sum, entry) => sum + entry.left - entry.arrived, 0);
  const after = timing.answered - statements[statements.length - 1]!.left;
  return { total, before, database, requests: statements.length, between: total - before - database - after, after };
}

/** Floor, then push, PAIRS times after WARM_PAIRS, from a child process; the times it measured. */
async function timeInChild(targets: { push: string; floor: string; keys: string[] }): Promise<Timing[]> {
  const client = `
    const { push, floor, keys, pairs, warm, gap, rows } = JSON.parse(process.argv[1]);
    const now = () => performance.timeOrigin + performance.now();
    let serial = 0;
    const timings = [];
    for (let pair = 0; pair < warm + pairs; pair++) {
      for (const kind of ['floor', 'push']) {
        await new Promise((resolve) => setTimeout(resolve, gap));
        serial += 1;
        const body = JSON.stringify({ rows: Array.from({ length: rows }, (_, i) => ({ email: 'split+' + serial + '.' + i + '@d' + ((serial + i) % 100) + '.example.com' })) });
        const headers = kind === 'push'
          ? { authorization: 'Bearer ' + keys[serial % keys.length], 'idempotency-key': 'split-' + serial }
          : { 'x-bench-key': 'push-split' };
        const sent = now();
        const response = await fetch(kind === 'push' ? push : floor, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
        await response.text();
        const answered = now();
        if (response.status !== 202) throw new Error(kind + ' answered ' + response.status);
        if (pair >= warm) timings.push({ kind, sent, answered });
      }
    }
    console.log(JSON.stringify(timings));
  `;
  const options = { ...targets, pairs: PAIRS, warm: WARM_PAIRS, gap: GAP_MS, rows: ROWS };
  const output = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['-e', client, JSON.stringify(options)], { maxBuffer: 1 << 26 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  return JSON.parse(output) as Timing[];
}
