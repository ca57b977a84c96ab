import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { waitForHealth } from '../dev/workers';
import { freePort } from '../test/node/free-port';
import { rssMiB } from './workerd-memory';

/**
 * The resident set of workerd itself under traffic, with nothing of ours in it: the runtime binary
 * alone (no wrangler, no miniflare) serving a Worker that answers "x". The load benchmark's
 * readings of our Workers' workerd are read against this one (bench/RESULTS.md, "what the memory
 * readings say"). Run by hand: `npx tsx bench/workerd-rss.ts [seconds] [samples]`.
 */
const seconds = Number(process.argv[2] ?? 80);
const samples = Number(process.argv[3] ?? 4);
const workerdBin = createRequire(import.meta.url).resolve('@cloudflare/workerd-linux-64/bin/workerd');

const dir = mkdtempSync(join(tmpdir(), 'workerd-rss-'));
const port = await freePort();
writeFileSync(join(dir, 'worker.js'), 'export default { fetch() { return new Response("x"); } };\n');
writeFileSync(
  join(dir, 'config.capnp'),
  `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2026-03-01",
);
`,
);
const child = spawn(workerdBin, ['serve', join(dir, 'config.capnp')], { stdio: 'inherit' });
try {
  await waitForHealth(`http://127.0.0.1:${port}/`, child, 10_000);
  console.log(`start: RSS ${rssMiB(child.pid!).toFixed(0)} MiB`);
  let requests = 0;
  for (let sample = 1; sample <= samples; sample++) {
    const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 8, duration: seconds / samples });
    requests += result.requests.total;
    console.log(`after ${((sample * seconds) / samples).toFixed(0)} s, ${requests} requests: RSS ${rssMiB(child.pid!).toFixed(0)} MiB`);
  }
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
