import dns from 'node:dns';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

/**
 * Runs the two npm validators the benchmark compares with, in a process of their own whose DNS
 * is pointed at the zone fixture's UDP server: `dns.setServers` for their MX look-ups, and
 * `dns.lookup` (which `net.connect` uses for the MX host) answered through the same server.
 * Argument: JSON `{ dnsServer, addresses: { [validator]: string[][] } }` (per validator, one list per case, one address per run).
 * Prints JSON: per validator, per case, `{ ms, verdict }` per run.
 */

type Verdict = 'deliverable' | 'undeliverable' | 'unknown';

const { dnsServer, addresses } = JSON.parse(process.argv[2]!) as { dnsServer: string; addresses: Record<string, string[][]> };
dns.setServers([dnsServer]);
type LookupCallback = (error: Error | null, address?: string | dns.LookupAddress[], family?: number) => void;
const viaZone = (hostname: string, options: unknown, callback?: LookupCallback) => {
  const done = (typeof options === 'function' ? options : callback) as LookupCallback;
  const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
  dns.resolve4(hostname, (error, found) => {
    if (error || found.length === 0) return done(error ?? Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    if (all)
      done(
        null,
        found.map((address) => ({ address, family: 4 })),
      );
    else done(null, found[0], 4);
  });
};
(dns as unknown as { lookup: typeof viaZone }).lookup = viaZone;

const require = createRequire(import.meta.url);
const { validate } = (await import('deep-email-validator')) as unknown as {
  validate: (options: Record<string, unknown>) => Promise<{ valid: boolean; reason?: string; validators: { smtp?: { valid: boolean; reason?: string } } }>;
};
const EmailValidator = require('email-deep-validator') as new (options: {
  timeout: number;
}) => {
  verify(address: string): Promise<{ wellFormed: boolean; validDomain: boolean | null; validMailbox: boolean | null }>;
};

const validators: Record<string, (address: string) => Promise<Verdict>> = {
  'deep-email-validator': async (address) => {
    const result = await validate({ email: address, sender: 'verify@localhost', validateTypo: false });
    if (result.valid) return 'deliverable';
    return result.validators.smtp?.reason === 'Timeout' ? 'unknown' : 'undeliverable';
  },
  'email-deep-validator': async (address) => {
    const result = await new EmailValidator({ timeout: 10_000 }).verify(address);
    return result.validMailbox === true ? 'deliverable' : result.validMailbox === false ? 'undeliverable' : 'unknown';
  },
};

const results: Record<string, Array<Array<{ ms: number; verdict: Verdict }>>> = {};
for (const [name, run] of Object.entries(validators)) {
  results[name] = [];
  for (const runs of addresses[name]!) {
    const measured: Array<{ ms: number; verdict: Verdict }> = [];
    for (const address of runs) {
      const started = performance.now();
      const verdict = await run(address).catch((): Verdict => 'unknown');
      measured.push({ ms: performance.now() - started, verdict });
    }
    results[name]!.push(measured);
  }
}
process.stdout.write(JSON.stringify(results));
