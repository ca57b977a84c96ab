import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startWorker, waitForHealth } from '../dev/workers';
import { loadZone } from '../test/node/fixtures/dns/doh-server';
import { startUdpDnsServer } from '../test/node/fixtures/dns/udp-server';
import { startEnginePeers } from '../test/node/fixtures/engine-peers';

/**
 * check_email against the fixture MTAs with a latency injected on everything a server sends
 * (DoH and UDP DNS answers, every SMTP reply and TLS flight): one round trip per reply waited on.
 * The protocol floor of a case is its round trips × the latency, plus the fixture's 100 ms greeting
 * pause (server time no client can save): 2 round trips for DNS (MX with the domain's
 * A in parallel, then the MX host's A), then the greeting, EHLO, STARTTLS + handshake + EHLO when
 * offered, and the envelope — one round trip with PIPELINING (MAIL, both RCPTs and QUIT in one
 * write), else one per command, QUIT included: the session ends only once the server has answered
 * QUIT and closed the connection (read to its end, so the MX host's session lease ends with it).
 * Our engine runs in workerd (a bench Worker under `wrangler dev`) and reports its own duration;
 * the two npm validators run in Node against the same fixtures.
 */

type Truth = 'deliverable' | 'undeliverable' | 'risky' | 'unknown';

interface Case {
  behaviour: string;
  address: (run: number) => string;
  /** The answer a correct checker gives. */
  truth: Truth;
  /** Round trips our dialogue needs after DNS. */
  smtpRoundTrips: number;
}

const CASES: Case[] = [
  { behaviour: 'mailbox exists', address: () => 'alice@mailbox.test', truth: 'deliverable', smtpRoundTrips: 3 },
  { behaviour: 'no such user (550 5.1.1)', address: () => 'nobody@mailbox.test', truth: 'undeliverable', smtpRoundTrips: 3 },
  { behaviour: 'full inbox (552 5.2.2)', address: () => 'full@mailbox.test', truth: 'risky', smtpRoundTrips: 3 },
  { behaviour: 'disabled (550 5.2.1)', address: () => 'disabled@mailbox.test', truth: 'undeliverable', smtpRoundTrips: 3 },
  { behaviour: 'accept-all (catch-all)', address: () => 'anyone@accept-all.test', truth: 'risky', smtpRoundTrips: 3 },
  { behaviour: 'greylisting (451 4.7.1)', address: (run) => `alice+${Date.now()}${run}@greylist.test`, truth: 'unknown', smtpRoundTrips: 3 },
  { behaviour: 'policy block (554 5.7.1, Spamhaus)', address: () => 'alice@policy-block.test', truth: 'unknown', smtpRoundTrips: 3 },
  { behaviour: 'drop after RCPT', address: () => 'alice@drop.test', truth: 'unknown', smtpRoundTrips: 3 },
  { behaviour: 'STARTTLS offered', address: () => 'alice@tls.test', truth: 'deliverable', smtpRoundTrips: 6 },
  { behaviour: 'STARTTLS required (530 5.7.0)', address: () => 'alice@starttls-required.test', truth: 'deliverable', smtpRoundTrips: 6 },
  { behaviour: 'no PIPELINING', address: () => 'alice@no-pipelining.test', truth: 'deliverable', smtpRoundTrips: 6 },
];
const DNS_ROUND_TRIPS = 2;
/** smtp-server holds its greeting 100 ms to catch clients that talk first, as Postfix's postscreen does: server time, not round trips. */
const GREETING_PAUSE_MS = 100;

const root = fileURLToPath(new URL('..', import.meta.url));
const ours = (reachable: string): Truth => (reachable === 'safe' ? 'deliverable' : reachable === 'invalid' ? 'undeliverable' : (reachable as Truth));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export interface CheckEmailBench {
  latencyMs: number;
  runs: number;
  markdown: string;
}

export async function benchCheckEmail(stateDir: string, log: (line: string) => void): Promise<CheckEmailBench> {
  const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 50);
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  const peers = await startEnginePeers({ latencyMs });
  const udp = await startUdpDnsServer(loadZone(peers.addresses), { latencyMs });
  // workerd trusts the fixture CA, as in the tests.
  process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL('../test/node/fixtures/smtp/ca.pem', import.meta.url));
  const worker = startWorker({
    name: 'bench-engine',
    configPath: 'bench/engine/wrangler.toml',
    port: 18790,
    inspectorPort: 19290,
    vars: {
      DOH_URL: peers.dohUrl,
      ALLOW_PRIVATE_MX: '1',
      // The engine reads the verify settings, whose data-store URLs it never uses.
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      UPSTASH_REDIS_REST_URL: 'http://127.0.0.1:1',
      UPSTASH_REDIS_REST_TOKEN: 'unused',
      INTERNAL_SECRET: 'x'.repeat(32),
    },
    stateDir,
    log: () => {},
  });
  try {
    await waitForHealth(worker.url, worker.child, 60_000);
    // Each tool gets its own addresses, so that each meets greylisting on its first attempt.
    const addressesFor = (tool: number) => CASES.map((testCase) => Array.from({ length: runs }, (_, run) => testCase.address(tool * 1000 + run)));
    const addresses = addressesFor(0);

    log(`our engine in workerd: ${CASES.length} cases × ${runs} runs at ${latencyMs} ms per round trip`);
    const engine: Array<Array<{ ms: number; verdict: Truth; tls: boolean; pipelining: boolean }>> = [];
    for (const [index, testCase] of CASES.entries()) {
      await check(worker.url, testCase.address(-1)); // warm-up: compiles the path, fills nothing
      const measured = [];
      for (const address of addresses[index]!) {
        const result = await check(worker.url, address);
        measured.push({ ms: result.durationMs, verdict: ours(result.is_reachable), tls: result.tls, pipelining: result.pipelining });
      }
      engine.push(measured);
    }

    log('deep-email-validator and email-deep-validator in Node, same fixtures');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/check-email-peers.ts',
        JSON.stringify({ dnsServer: udp.address, addresses: { 'deep-email-validator': addressesFor(1), 'email-deep-validator': addressesFor(2) } }),
      ],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const others = JSON.parse(stdout) as Record<string, Array<Array<{ ms: number; verdict: Truth }>>>;
    return { latencyMs, runs, markdown: report(latencyMs, runs, engine, others) };
  } finally {
    await worker.stop();
    await udp.close();
    await peers.close();
  }
}

async function check(url: string, address: string) {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ to_email: address }) });
  if (!response.ok) throw new Error(`bench worker answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { is_reachable: string; durationMs: number; tls: boolean; pipelining: boolean };
}

function report(
  latencyMs: number,
  runs: number,
  engine: Array<Array<{ ms: number; verdict: Truth; tls: boolean; pipelining: boolean }>>,
  others: Record<string, Array<Array<{ ms: number; verdict: Truth }>>>,
): string {
  const names = Object.keys(others);
  const mark = (verdicts: Truth[], truth: Truth) => {
    const verdict = verdicts[0]!;
    const steady = verdicts.every((candidate) => candidate === verdict);
    return `${verdict === truth && steady ? '✓' : '✗'} ${steady ? verdict : verdicts.join('/')}`;
  };
  const header = `| fixture behaviour | right answer | floor ms | ours p50 ms | ours ÷ floor | ours | ${names.map((name) => `${name} p50 ms | ${name}`).join(' | ')} |`;
  const rule = `|---|---|---:|---:|---:|---|${names.map(() => '---:|---').join('|')}|`;
  const correct: Record<string, number> = { ours: 0, ...Object.fromEntries(names.map((name) => [name, 0])) };
  let worstRatio = 0;
  const rows = CASES.map((testCase, index) => {
    const floor = (DNS_ROUND_TRIPS + testCase.smtpRoundTrips) * latencyMs + GREETING_PAUSE_MS;
    const ourRuns = engine[index]!;
    const ourMedian = median(ourRuns.map((run) => run.ms));
    worstRatio = Math.max(worstRatio, ourMedian / floor);
    if (ourRuns.every((run) => run.verdict === testCase.truth)) correct.ours! += 1;
    const peerCells = names.map((name) => {
      const peerRuns = others[name]![index]!;
      if (peerRuns.every((run) => run.verdict === testCase.truth)) correct[name]! += 1;
      return `${median(peerRuns.map((run) => run.ms)).toFixed(0)} | ${mark(
        peerRuns.map((run) => run.verdict),
        testCase.truth,
      )}`;
    });
    return `| ${testCase.behaviour} | ${testCase.truth} | ${floor} | ${ourMedian.toFixed(0)} | ${(ourMedian / floor).toFixed(2)}× | ${mark(
      ourRuns.map((run) => run.verdict),
      testCase.truth,
    )} | ${peerCells.join(' | ')} |`;
  });
  return [
    `Latency injected: ${latencyMs} ms on everything a server sends (DNS answers, SMTP replies, TLS flights), ${runs} runs per case after a warm-up; p50 of each.`,
    `Floor: (2 DNS + the dialogue’s round trips) × latency + the fixture’s ${GREETING_PAUSE_MS} ms greeting pause (smtp-server waits that long to catch clients that talk first).`,
    'Verdicts: `deliverable` (our `safe`), `undeliverable` (our `invalid`), `risky`, `unknown`; the peers have no `risky`.',
    '',
    header,
    rule,
    ...rows,
    '',
    `Right answers: ours ${correct.ours}/${CASES.length}${names.map((name) => `, ${name} ${correct[name]}/${CASES.length}`).join('')}. Worst p50 ÷ floor for ours: **${worstRatio.toFixed(2)}×** (target ≤ 1.15×).`,
  ].join('\n');
}
