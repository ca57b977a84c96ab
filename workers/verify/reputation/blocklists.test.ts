import { describe, expect, it } from 'vitest';
import { memoryResolver } from '../../../test/workers/memory-resolver';
import { BLOCKLISTS, blocklistQueryName, checkBlocklists, interpretAnswer } from './blocklists';

const list = (id: string) => BLOCKLISTS.find((entry) => entry.id === id)!;

describe('the refused-answer rule', () => {
  it.each(['127.255.255.252', '127.255.255.254', '127.255.255.255', '127.255.255.1'])('%s is unknown with the reason, never listed', (code) => {
    for (const entry of BLOCKLISTS) {
      const verdict = interpretAnswer(entry, { status: 'ok', data: [code] });
      expect(verdict.status).toBe('unknown');
      expect(verdict).toMatchObject({ reason: expect.stringContaining(code) });
    }
  });

  it('takes a list-specific refusal code, an answer outside 127/8 and a failed query as unknown', () => {
    expect(interpretAnswer(list('spamhaus_dbl'), { status: 'ok', data: ['127.0.1.255'] }).status).toBe('unknown');
    expect(interpretAnswer(list('surbl'), { status: 'ok', data: ['127.0.0.1'] }).status).toBe('unknown');
    expect(interpretAnswer(list('spamhaus_zen'), { status: 'ok', data: ['203.0.113.7'] }).status).toBe('unknown');
    expect(interpretAnswer(list('spamhaus_zen'), { status: 'failed', data: [], error: 'the DoH query timed out' })).toEqual({
      status: 'unknown',
      reason: 'the query failed: the DoH query timed out',
    });
  });

  it('reads NXDOMAIN as clear and a list code as listed, with its meaning', () => {
    expect(interpretAnswer(list('spamhaus_zen'), { status: 'nxdomain', data: [] })).toEqual({ status: 'clear' });
    expect(interpretAnswer(list('spamhaus_zen'), { status: 'ok', data: ['127.0.0.2', '127.0.0.4'] })).toEqual({
      status: 'listed',
      codes: ['127.0.0.2', '127.0.0.4'],
      meaning: 'SBL: spam source or operation; XBL: exploited or infected host',
    });
  });
});

describe('checkBlocklists', () => {
  it('asks the DQS zones with the key when one is set, the public zones otherwise', () => {
    expect(blocklistQueryName(list('spamhaus_zen'), '192.0.2.10', 'abcdefghijklmnopqrstuvwxyz')).toBe(
      '10.2.0.192.abcdefghijklmnopqrstuvwxyz.zen.dq.spamhaus.net',
    );
    expect(blocklistQueryName(list('spamhaus_dbl'), 'example.com', 'abcdefghijklmnopqrstuvwxyz')).toBe(
      'example.com.abcdefghijklmnopqrstuvwxyz.dbl.dq.spamhaus.net',
    );
    expect(blocklistQueryName(list('spamhaus_zen'), '192.0.2.10', null)).toBe('10.2.0.192.zen.spamhaus.org');
    expect(blocklistQueryName(list('spamcop'), '192.0.2.10', 'abcdefghijklmnopqrstuvwxyz')).toBe('10.2.0.192.bl.spamcop.net');
  });

  it('asks through the DQS key but never writes the key into the report', async () => {
    const key = 'abcdefghijklmnopqrstuvwxyz';
    const resolver = memoryResolver({ [`10.2.0.192.${key}.zen.dq.spamhaus.net`]: { A: ['127.0.0.3'] } });
    const finding = await checkBlocklists(resolver, { domain: 'example.com', hosts: [{ host: 'mx.example.com', addresses: ['192.0.2.10'] }] }, key);
    expect(resolver.asked).toContain(`example.com.${key}.dbl.dq.spamhaus.net A`);
    expect(finding).toMatchObject({ status: 'fail', records: ['10.2.0.192.zen.spamhaus.org A 127.0.0.3'], details: { via_dqs: true } });
    expect(JSON.stringify(finding)).not.toContain(key);
  });

  it('is unknown, not listed, when every answer is a refusal; fail on any listing', async () => {
    const subjects = { domain: 'example.com', hosts: [{ host: 'mx.example.com', addresses: ['192.0.2.10', '2001:db8::1'] }] };
    const refused = await checkBlocklists(memoryResolver({ '10.2.0.192.zen.spamhaus.org': { A: ['127.255.255.254'] } }), subjects, null);
    expect(refused.status).toBe('unknown');
    expect(refused.fix).toContain('SPAMHAUS_DQS_KEY');
    expect(refused.details.results.filter((result) => result.status === 'listed')).toEqual([]);
    const listed = await checkBlocklists(memoryResolver({ 'example.com.dbl.spamhaus.org': { A: ['127.0.1.2'] } }), subjects, null);
    expect(listed.status).toBe('fail');
    expect(listed.summary).toContain('example.com is listed on Spamhaus DBL: spam domain');
    // The IPv6 address is asked of ZEN only: SpamCop lists no IPv6.
    expect(listed.details.results.map((result) => `${result.list} ${result.subject}`)).toEqual([
      'spamhaus_dbl example.com',
      'surbl example.com',
      'spamhaus_zen 192.0.2.10',
      'spamhaus_zen 2001:db8::1',
      'spamcop 192.0.2.10',
    ]);
  });
  it('asks the domain lists while the mail hosts are still being looked up', async () => {
    const resolver = memoryResolver({ 'example.com.dbl.spamhaus.org': { A: ['127.0.1.2'] } });
    let hostsFound: (hosts: Array<{ host: string; addresses: string[] }>) => void = () => {};
    const finding = checkBlocklists(resolver, { domain: 'example.com', hosts: new Promise((resolve) => (hostsFound = resolve)) }, null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resolver.asked).toEqual(['example.com.dbl.spamhaus.org A', 'example.com.multi.surbl.org A']);
    hostsFound([{ host: 'mx.example.com', addresses: ['192.0.2.10'] }]);
    expect((await finding).details.results.map((result) => `${result.list} ${result.subject} ${result.status}`)).toEqual([
      'spamhaus_dbl example.com listed',
      'surbl example.com clear',
      'spamhaus_zen 192.0.2.10 clear',
      'spamcop 192.0.2.10 clear',
    ]);
  });
});

describe('IPv6 addresses on IP lists', () => {
  it('asks in reversed-nibble form (RFC 5782 §2.4), through the DQS zone too', () => {
    expect(blocklistQueryName(list('spamhaus_zen'), '2001:db8::40', null)).toBe(
      '0.4.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.zen.spamhaus.org',
    );
    expect(blocklistQueryName(list('spamhaus_zen'), '2001:DB8:0:0:1::A', 'abcdefghij0123456789')).toBe(
      'a.0.0.0.0.0.0.0.0.0.0.0.1.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.abcdefghij0123456789.zen.dq.spamhaus.net',
    );
    expect(blocklistQueryName(list('spamhaus_zen'), '192.0.2.40', null)).toBe('40.2.0.192.zen.spamhaus.org');
  });

  it('asks only the lists that publish IPv6 listings about IPv6 addresses', async () => {
    const resolver = memoryResolver({
      '0.4.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.zen.spamhaus.org': { A: ['127.0.0.3'] },
    });
    const finding = await checkBlocklists(
      resolver,
      { domain: 'example.test', hosts: [{ host: 'mx.example.test', addresses: ['192.0.2.40', '2001:db8::40'] }] },
      null,
    );
    const byList = finding.details.results.map((result) => [result.list, result.subject, result.status]);
    expect(byList).toEqual([
      ['spamhaus_dbl', 'example.test', 'clear'],
      ['surbl', 'example.test', 'clear'],
      ['spamhaus_zen', '192.0.2.40', 'clear'],
      ['spamhaus_zen', '2001:db8::40', 'listed'],
      ['spamcop', '192.0.2.40', 'clear'],
    ]);
    expect(resolver.asked.filter((name) => name.endsWith('bl.spamcop.net A'))).toEqual(['40.2.0.192.bl.spamcop.net A']);
    expect(finding).toMatchObject({ status: 'fail', summary: expect.stringContaining('2001:db8::40 (mx.example.test) is listed on Spamhaus ZEN: SBL CSS') });
  });

  it('says the mail servers went unchecked when their MX look-up failed, rather than passing', async () => {
    const resolver = memoryResolver({});
    const unknownHosts = await checkBlocklists(resolver, { domain: 'example.test', hosts: null }, null);
    expect(unknownHosts.details.results.map((result) => result.list)).toEqual(['spamhaus_dbl', 'surbl']);
    expect(unknownHosts).toMatchObject({ status: 'unknown', summary: expect.stringContaining('no IP blocklist was asked about them') });
    // A domain with no mail server at all has none to ask about: the domain lists decide.
    expect((await checkBlocklists(resolver, { domain: 'example.test', hosts: [] }, null)).status).toBe('pass');
  });
});
