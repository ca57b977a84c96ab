import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { seedTenant } from '../../../test/workers/seed';
import { reputationCheckResponseSchema } from '../reputation/schema';
import type { ReputationResponse } from '../reputation/reputation';

/** The MX edge cases of issue 17 through the Worker: each is a finding in a 200 report, never a 500. */

async function report(domain: string): Promise<ReputationResponse> {
  const { auth } = await seedTenant({ scopes: ['reputation'] });
  const response = await SELF.fetch('http://verify.test/v1/reputation/check', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ domain, force_refresh: true }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const json = JSON.parse(text) as ReputationResponse;
  expect(reputationCheckResponseSchema.parse(json)).toEqual(json);
  return json;
}

describe('POST /v1/reputation/check, MX edge cases', () => {
  it('fails a domain that publishes a null MX (RFC 7505), showing the record and the fix', async () => {
    const result = await report('null-mx.test');
    expect(result.checks.mx).toMatchObject({
      status: 'fail',
      summary: 'null-mx.test publishes a null MX ("0 ."): it says it takes no mail, and receivers may refuse mail from it.',
      records: ['0 .'],
      fix: 'If null-mx.test sends mail, replace the null MX with MX records of the service that receives its mail.',
      details: { outcome: 'null_mx', hosts: [], provider: null },
    });
    expect(result.bulk_sender.missing).toContain('a domain that can receive mail (MX)');
    // No mail host, so no address to look up on the IP lists: only the domain lists are asked.
    expect(result.checks.blocklists.details.results.map((entry) => entry.list)).toEqual(['spamhaus_dbl', 'surbl']);
  });

  it('is unknown with the resolver’s reason, not a 500, when the MX look-up fails (SERVFAIL)', async () => {
    const result = await report('servfail.test');
    expect(result.checks.mx).toMatchObject({
      status: 'unknown',
      summary: 'The MX look-up failed: the DNS server answered RCODE 2.',
      records: [],
      fix: 'Check again later; if it persists, check that every authoritative name server of the domain answers.',
      details: { outcome: 'lookup_failed', hosts: [], provider: null },
    });
    // A look-up that failed says nothing about the domain: it is not reported as missing MX.
    expect(result.bulk_sender.missing).not.toContain('a domain that can receive mail (MX)');
    expect(result.checks.spf.status).toBe('unknown');
    expect(result.checks.dnssec.status).toBe('unknown');
    // Its mail servers' addresses were never asked about: not a clean blocklist record.
    expect(result.checks.blocklists.status).toBe('unknown');
  });
});
