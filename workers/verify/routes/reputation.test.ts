import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dnsQuestionsAbout } from '../../../test/workers/engine-peers';
import { seedTenant } from '../../../test/workers/seed';
import { createRedis } from '../../../shared/redis';
import type { ReputationResponse } from '../reputation/reputation';
import { reputationCheckResponseSchema } from '../reputation/schema';

async function check(auth: Record<string, string>, body: unknown): Promise<Response> {
  return SELF.fetch('http://verify.test/v1/reputation/check', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function report(auth: Record<string, string>, body: unknown): Promise<ReputationResponse> {
  const response = await check(auth, body);
  expect(response.status).toBe(200);
  const json = (await response.json()) as ReputationResponse;
  expect(reputationCheckResponseSchema.parse(json)).toEqual(json);
  return json;
}

const statuses = (result: ReputationResponse) => Object.fromEntries(Object.entries(result.checks).map(([check, finding]) => [check, finding.status]));

describe('POST /v1/reputation/check', () => {
  it('passes a domain that does everything right, against the fixture zone and the MTA-STS fixture', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const result = await report(auth, { domain: 'rep-good.test', force_refresh: true });
    expect(statuses(result)).toEqual({
      mx: 'pass',
      spf: 'pass',
      dmarc: 'pass',
      dkim: 'pass',
      mta_sts: 'pass',
      tls_rpt: 'pass',
      bimi: 'pass',
      dnssec: 'pass',
      blocklists: 'pass',
    });
    expect(result).toMatchObject({
      domain: 'rep-good.test',
      organizational_domain: 'rep-good.test',
      score: 100,
      grade: 'A',
      cached: false,
      bulk_sender: { meets_requirements: true, missing: [] },
    });
    expect(result.checks.spf.details).toMatchObject({ lookups: 1, all: '-all' });
    expect(result.checks.mta_sts.details.policy).toEqual({ mode: 'enforce', mx: ['mx1.rep-good.test'], max_age: 604800 });
    expect(result.checks.mta_sts.records).toContain('mode: enforce');
    expect(result.checks.dkim.details.keys).toMatchObject([{ selector: 'google', bits: 2048, status: 'pass' }]);
    for (const finding of Object.values(result.checks)) expect(finding.fix).toBeNull();
  });

  it('explains every kind of problem with the records seen and the fix', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const result = await report(auth, { domain: 'rep-bad.test', force_refresh: true });
    expect(statuses(result)).toEqual({
      mx: 'warn',
      spf: 'fail',
      dmarc: 'warn',
      dkim: 'fail',
      mta_sts: 'fail',
      tls_rpt: 'fail',
      bimi: 'fail',
      dnssec: 'warn',
      blocklists: 'fail',
    });
    const { spf, mx, dkim, mta_sts: mtaSts, blocklists, dmarc } = result.checks;
    expect(spf.details).toMatchObject({ lookups: 11, void_lookups: 3, all: '?all' });
    expect(spf.details.steps.map((step) => `${step.depth} ${step.term} ${step.total}${step.void ? ' void' : ''}`)).toEqual([
      '0 a 1 void',
      '0 mx 2',
      '0 include:s1.rep-bad.test 3',
      '1 include:s4.rep-bad.test 4',
      '2 ip4:192.0.2.0/24 4',
      '2 -all 4',
      '1 include:s5.rep-bad.test 5',
      '2 exists:gone.rep-bad.test 6 void',
      '2 -all 6',
      '1 ~all 6',
      '0 include:s2.rep-bad.test 7',
      '1 mx:mx.rep-bad.test 8 void',
      '1 a:mx.rep-bad.test 9',
      '1 -all 9',
      '0 include:s3.rep-bad.test 10',
      '1 ptr 11',
      '1 -all 11',
      '0 ?all 11',
    ]);
    expect(spf.summary).toContain('11 DNS look-ups; the limit is 10');
    expect(spf.fix).toContain('~all');
    expect(mx.summary).toContain('ghost.rep-bad.test has no address');
    expect(dmarc.fix).toContain('p=quarantine');
    expect(dkim.details.keys.map((key) => [key.selector, key.bits, key.status])).toEqual([
      ['selector1', 1024, 'warn'],
      ['s1', 512, 'fail'],
    ]);
    expect(mtaSts.details.unmatched_mx).toEqual(['ghost.rep-bad.test']);
    expect(mtaSts.fix).toContain('"mx: ghost.rep-bad.test"');
    expect(blocklists.details.results.map((entry) => [entry.list, entry.subject, entry.status])).toEqual([
      ['spamhaus_dbl', 'rep-bad.test', 'listed'],
      ['surbl', 'rep-bad.test', 'clear'],
      ['spamhaus_zen', '192.0.2.20', 'unknown'],
      ['spamcop', '192.0.2.20', 'listed'],
    ]);
    expect(blocklists.records).toEqual(['rep-bad.test.dbl.spamhaus.org A 127.0.1.2', '20.2.0.192.bl.spamcop.net A 127.0.0.2']);
    expect(result.score).toBeLessThanOrEqual(50);
    expect(result.grade).toBe('F');
    expect(result.bulk_sender.meets_requirements).toBe(false);
    for (const finding of Object.values(result.checks)) {
      expect(finding.explanation.length).toBeGreaterThan(40);
      expect(finding.fix).toEqual(expect.any(String));
    }
  });

  it('reports refused and failed blocklist queries as unknown with the reason, never as listed', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const { checks } = await report(auth, { domain: 'rep-refused.test', force_refresh: true });
    expect(checks.blocklists.status).toBe('unknown');
    expect(checks.blocklists.details.results.map((entry) => [entry.list, entry.status])).toEqual([
      ['spamhaus_dbl', 'unknown'],
      ['surbl', 'unknown'],
      ['spamhaus_zen', 'unknown'],
      ['spamcop', 'unknown'],
    ]);
    expect(checks.blocklists.details.results.map((entry) => entry.reason)).toEqual([
      'Spamhaus DBL refused the query (127.255.255.252: the query was malformed)',
      'SURBL multi refused the query (127.0.0.1: the list does not answer this resolver)',
      'Spamhaus ZEN refused the query (127.255.255.255: too many queries)',
      'the query failed: the DNS server answered RCODE 2',
    ]);
    expect(checks.blocklists.records).toEqual([]);
  });

  it('fails MTA-STS when the policy is not served, or not over a certificate for its name', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const missing = (await report(auth, { domain: 'rep-sts-404.test', force_refresh: true })).checks.mta_sts;
    expect(missing.status).toBe('fail');
    expect(missing.summary).toBe('The policy at https://mta-sts.rep-sts-404.test/.well-known/mta-sts.txt could not be fetched: the server answered HTTP 404.');
    expect(missing.fix).toContain('with a certificate valid for mta-sts.rep-sts-404.test');
    const badCertificate = (await report(auth, { domain: 'rep-sts-badcert.test', force_refresh: true })).checks.mta_sts;
    expect(badCertificate.status).toBe('fail');
    expect(badCertificate.summary).toBe(
      'The policy at https://mta-sts.rep-sts-badcert.test/.well-known/mta-sts.txt could not be fetched: the TLS handshake failed: the server has no valid certificate for mta-sts.rep-sts-badcert.test.',
    );
    expect(badCertificate.details.policy).toBeNull();
  });

  it('fails a domain that publishes nothing but MX', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const result = await report(auth, { domain: 'rep-none.test', force_refresh: true });
    expect(statuses(result)).toMatchObject({
      mx: 'pass',
      spf: 'fail',
      dmarc: 'fail',
      dkim: 'warn',
      mta_sts: 'warn',
      tls_rpt: 'warn',
      bimi: 'warn',
      dnssec: 'warn',
    });
    expect(result.checks.dmarc.fix).toContain('Publish a TXT record at _dmarc.rep-none.test');
    expect(result.bulk_sender.missing).toEqual(['a valid SPF record', 'a DKIM key of at least 1024 bits', 'a DMARC record (p=none at least)']);
  });

  it('answers from the cache until force_refresh runs the checks again', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const first = await report(auth, { domain: 'rep-good.test', force_refresh: true });
    const asked = (await dnsQuestionsAbout('rep-good.test')).length;
    const cached = await report(auth, { domain: 'REP-GOOD.test.' });
    expect(cached).toEqual({ ...first, cached: true });
    expect(Date.parse(cached.expires_at) - Date.parse(cached.checked_at)).toBe(30 * 60 * 1000);
    expect((await dnsQuestionsAbout('rep-good.test')).length).toBe(asked);
    const fresh = await report(auth, { domain: 'rep-good.test', force_refresh: true });
    expect(fresh.cached).toBe(false);
    expect(Date.parse(fresh.checked_at)).toBeGreaterThanOrEqual(Date.parse(first.checked_at));
    expect((await dnsQuestionsAbout('rep-good.test')).length).toBeGreaterThan(asked);
  });

  it('asks each name and type once per check, though MX, SPF and DNSSEC all ask about the domain', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const names = ['rep-bad.test', 'mx.rep-bad.test'];
    const asked = () => Promise.all(names.map(async (name) => (await dnsQuestionsAbout(name)) as Array<{ name: string; type: string }>));
    const before = await asked();
    await report(auth, { domain: 'rep-bad.test', force_refresh: true });
    const questions = (await asked())
      .flatMap((list, index) => list.slice(before[index]!.length))
      .map((question) => `${question.name.replace(/\.$/, '')} ${question.type}`);
    // SPF's `a`, `mx` and `a:mx.rep-bad.test` name what the MX check asks (`mx:mx.rep-bad.test` adds its MX question); DNSSEC reads SPF's TXT answer.
    expect(questions.sort()).toEqual([
      'mx.rep-bad.test A',
      'mx.rep-bad.test AAAA',
      'mx.rep-bad.test MX',
      'rep-bad.test A',
      'rep-bad.test MX',
      'rep-bad.test TXT',
    ]);
  });

  it('runs the checks once for a burst of requests about one domain', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const before = (await dnsQuestionsAbout('rep-burst.test')).length;
    await report(auth, { domain: 'rep-burst.test', force_refresh: true });
    const perRun = (await dnsQuestionsAbout('rep-burst.test')).length - before;
    expect(perRun).toBeGreaterThan(0);
    // rep-burst.test answers slowly (LATENCY_MS in zone.json), so every request of the burst
    // arrives while the first run is under way; one asked after a run ended would rightly run again.
    const results = await Promise.all(Array.from({ length: 6 }, () => report(auth, { domain: 'rep-burst.test', force_refresh: true })));
    expect((await dnsQuestionsAbout('rep-burst.test')).length - before).toBe(2 * perRun);
    expect(new Set(results.map((result) => result.checked_at)).size).toBe(1);
    expect(results.filter((result) => !result.cached)).toHaveLength(1);
  });

  it('does not answer a refresh with a report finished before it was asked, stored while it waited', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const first = await report(auth, { domain: 'rep-good.test', force_refresh: true });
    const older = { ...first, cached: undefined, checked_at: new Date(Date.parse(first.checked_at) - 1000).toISOString() };
    // As while another run's report is still being stored after its response: the lock held, no report yet.
    const redis = createRedis(env.UPSTASH_REDIS_REST_URL, env.UPSTASH_REDIS_REST_TOKEN);
    const key = 'reputation:v1:rep-good.test';
    await redis.set(`${key}:lock`, 'another run', { px: 60_000 });
    await redis.del(key);
    const refresh = report(auth, { domain: 'rep-good.test', force_refresh: true });
    await new Promise((resolve) => setTimeout(resolve, 150));
    await redis.set(key, JSON.stringify(older), { ex: 60 });
    await redis.del(`${key}:lock`);
    const fresh = await refresh;
    expect(fresh.cached).toBe(false);
    expect(Date.parse(fresh.checked_at)).toBeGreaterThan(Date.parse(older.checked_at));
  });

  it('accepts an internationalized domain in Unicode and checks its ASCII form', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const result = await report(auth, { domain: 'Bücher.test' });
    expect(result).toMatchObject({ domain: 'xn--bcher-kva.test', domain_unicode: 'bücher.test' });
    expect(result.checks.mx.status).toBe('pass');
  });

  it.each([
    [{ domain: '192.0.2.1' }, 'domain', 'is an IP address'],
    [{ domain: 'jane@rep-good.test' }, 'domain', 'is an email address'],
    [{ domain: `${'a'.repeat(64)}.rep-good.test` }, 'domain', 'label longer than 63'],
    [{ domain: 'not a domain' }, 'domain', 'is not a domain name'],
    [{ domain: 'test' }, 'domain', 'is not a valid domain name'],
    [{}, 'domain', ''],
    [{ domain: 'rep-unasked.test', force_refresh: 'yes' }, 'force_refresh', ''],
    [{ domain: 'rep-unasked.test', dkim_selectors: ['bad selector'] }, 'dkim_selectors.0', ''],
    [{ domain: 'rep-unasked.test', extra: 1 }, '', ''],
  ])('refuses %j with 400 naming the field, and looks nothing up', async (body, field, message) => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const response = await check(auth, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { code: string; field: string; message: string };
    expect(error.code).toBe('validation_failed');
    if (field) expect(error.field).toBe(field);
    expect(error.message).toContain(message);
    if (typeof (body as { domain?: unknown }).domain === 'string') expect(await dnsQuestionsAbout((body as { domain: string }).domain)).toEqual([]);
  });
});

describe('IPv6 blocklists and external DMARC report destinations', () => {
  it('looks up the MX host’s IPv6 address on ZEN and checks that other domains agreed to take the DMARC reports', async () => {
    const { auth } = await seedTenant({ scopes: ['reputation'] });
    const result = await report(auth, { domain: 'rep-ext.test', force_refresh: true });
    const { mx, blocklists, dmarc } = result.checks;
    expect(mx.details.hosts).toEqual([{ host: 'mx.rep-ext.test', addresses: ['192.0.2.40', '2001:db8::40'], error: null }]);
    expect(blocklists.details.results.filter((entry) => entry.host !== null).map((entry) => [entry.list, entry.subject, entry.status, entry.codes])).toEqual([
      ['spamhaus_zen', '192.0.2.40', 'clear', []],
      ['spamhaus_zen', '2001:db8::40', 'listed', ['127.0.0.3']],
      ['spamcop', '192.0.2.40', 'clear', []],
    ]);
    expect(blocklists.status).toBe('fail');
    expect(blocklists.records).toEqual(['0.4.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.zen.spamhaus.org A 127.0.0.3']);
    expect(dmarc.details.report_destinations.map((entry) => [entry.tag, entry.host, entry.authorization])).toEqual([
      ['rua', 'rep-ext.test', 'not_needed'],
      ['rua', 'vendor-ok.test', 'authorized'],
      ['rua', 'vendor-no.test', 'not_authorized'],
      ['ruf', 'vendor-fail.test', 'unknown'],
    ]);
    expect(dmarc.status).toBe('warn');
    expect(dmarc.fix).toContain('Have vendor-no.test publish the TXT record "v=DMARC1" at rep-ext.test._report._dmarc.vendor-no.test');
  });
});
