import { describe, expect, it } from 'vitest';
import { memoryResolver } from '../../../test/workers/memory-resolver';
import { checkDmarc, organizationalDomain, parseDmarc, reportHost } from './dmarc';

describe('organizationalDomain', () => {
  it('uses the public suffix list', () => {
    expect(organizationalDomain('mail.example.co.uk')).toBe('example.co.uk');
    expect(organizationalDomain('a.b.example.com')).toBe('example.com');
    expect(organizationalDomain('example.com')).toBe('example.com');
  });
});

describe('parseDmarc', () => {
  it('reads every tag with the defaults of RFC 7489', () => {
    expect(parseDmarc('v=DMARC1; p=quarantine; rua=mailto:a@example.com,mailto:b@example.net')).toEqual({
      ok: true,
      policy: { p: 'quarantine', sp: null, pct: 100, rua: ['mailto:a@example.com', 'mailto:b@example.net'], ruf: [], adkim: 'r', aspf: 'r' },
    });
  });

  it.each([
    ['v=DMARC1; rua=mailto:a@example.com', '"p=" (the policy) is missing'],
    ['v=DMARC1; p=block', '"p=block" is not none'],
    ['v=DMARC1; p=none; pct=150', '"pct=150"'],
    ['v=DMARC1; p=none; adkim=x', '"adkim=x"'],
    ['p=none; v=DMARC1', '"v=DMARC1" must come first'],
    ['v=DMARC1; p=none; rua=a@example.com', 'not a mailto:'],
  ])('refuses %s', (record, message) => {
    const parsed = parseDmarc(record);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.errors.join(' ')).toContain(message);
  });
});

describe('checkDmarc', () => {
  it('falls back to the organizational domain, asking both at once, and applies sp', async () => {
    const resolver = memoryResolver({ '_dmarc.example.co.uk': { TXT: ['v=DMARC1; p=reject; sp=quarantine; rua=mailto:d@example.co.uk'] } });
    const finding = await checkDmarc(resolver, 'news.example.co.uk');
    expect(resolver.asked).toEqual(['_dmarc.news.example.co.uk TXT', '_dmarc.example.co.uk TXT']);
    expect(finding.status).toBe('pass');
    expect(finding.details).toMatchObject({ found_at: 'example.co.uk', effective_policy: 'quarantine', meets_bulk_sender_minimum: true });
  });

  it('warns on p=none (which still meets the bulk-sender minimum) and on missing reports', async () => {
    const finding = await checkDmarc(memoryResolver({ '_dmarc.example.com': { TXT: ['v=DMARC1; p=none'] } }), 'example.com');
    expect(finding.status).toBe('warn');
    expect(finding.details.meets_bulk_sender_minimum).toBe(true);
    expect(finding.fix).toContain('"v=DMARC1; p=quarantine"');
    expect(finding.fix).toContain('rua=mailto:dmarc-reports@example.com');
  });

  it('fails a missing or duplicated record; unknown when the look-up fails', async () => {
    const missing = await checkDmarc(memoryResolver({}), 'example.com');
    expect(missing).toMatchObject({ status: 'fail', details: { meets_bulk_sender_minimum: false } });
    expect(missing.fix).toContain('_dmarc.example.com: "v=DMARC1; p=none; rua=mailto:dmarc-reports@example.com"');
    const twice = await checkDmarc(memoryResolver({ '_dmarc.example.com': { TXT: ['v=DMARC1; p=none', 'v=DMARC1; p=reject'] } }), 'example.com');
    expect(twice.status).toBe('fail');
    expect((await checkDmarc(memoryResolver({ '_dmarc.example.com': 'servfail' }), 'example.com')).status).toBe('unknown');
  });
});

describe('external report destinations (RFC 7489 §7.1)', () => {
  it('finds where reports go', () => {
    expect(reportHost('mailto:dmarc@Reports.Example.NET')).toBe('reports.example.net');
    expect(reportHost('mailto:dmarc@example.net!10m')).toBe('example.net');
    expect(reportHost('https://dmarc.example.org/report')).toBe('dmarc.example.org');
    expect(reportHost('mailto:nobody')).toBeNull();
  });

  it('asks each outside destination once whether it takes the reports, and warns when it does not', async () => {
    const resolver = memoryResolver({
      '_dmarc.example.com': {
        TXT: [
          'v=DMARC1; p=reject; rua=mailto:a@example.com,mailto:b@mail.example.com,mailto:agg@ok.test,mailto:x@no.test; ruf=mailto:ff@ok.test,mailto:f@down.test',
        ],
      },
      'example.com._report._dmarc.ok.test': { TXT: ['v=DMARC1'] },
      'example.com._report._dmarc.down.test': 'servfail',
    });
    const finding = await checkDmarc(resolver, 'example.com');
    expect(finding.details.report_destinations.map((entry) => [entry.tag, entry.host, entry.authorization])).toEqual([
      ['rua', 'example.com', 'not_needed'],
      ['rua', 'mail.example.com', 'not_needed'],
      ['rua', 'ok.test', 'authorized'],
      ['rua', 'no.test', 'not_authorized'],
      ['ruf', 'ok.test', 'authorized'],
      ['ruf', 'down.test', 'unknown'],
    ]);
    expect(resolver.asked.filter((name) => name.includes('._report._dmarc.'))).toEqual([
      'example.com._report._dmarc.ok.test TXT',
      'example.com._report._dmarc.no.test TXT',
      'example.com._report._dmarc.down.test TXT',
    ]);
    expect(finding.status).toBe('warn');
    expect(finding.summary).toContain('no.test has not agreed to take its reports (no "v=DMARC1" TXT record at example.com._report._dmarc.no.test)');
    expect(finding.summary).toContain('could not be checked');
    expect(finding.fix).toContain('publish the TXT record "v=DMARC1" at example.com._report._dmarc.no.test');
  });

  it('asks in the name of the domain the record was found at', async () => {
    const resolver = memoryResolver({
      '_dmarc.example.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:agg@ok.test'] },
      'example.com._report._dmarc.ok.test': { TXT: ['v=DMARC1'] },
    });
    const finding = await checkDmarc(resolver, 'news.example.com');
    expect(finding).toMatchObject({ status: 'pass', details: { found_at: 'example.com', report_destinations: [{ authorization: 'authorized' }] } });
  });
});
