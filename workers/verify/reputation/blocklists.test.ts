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

  it('is unknown, not listed, when every answer is a refusal; fail on any listing', async () => {
    const subjects = { domain: 'example.com', hosts: [{ host: 'mx.example.com', addresses: ['192.0.2.10', '2001:db8::1'] }] };
    const refused = await checkBlocklists(memoryResolver({ '10.2.0.192.zen.spamhaus.org': { A: ['127.255.255.254'] } }), subjects, null);
    expect(refused.status).toBe('unknown');
    expect(refused.fix).toContain('SPAMHAUS_DQS_KEY');
    expect(refused.details.results.filter((result) => result.status === 'listed')).toEqual([]);
    const listed = await checkBlocklists(memoryResolver({ 'example.com.dbl.spamhaus.org': { A: ['127.0.1.2'] } }), subjects, null);
    expect(listed.status).toBe('fail');
    expect(listed.summary).toContain('example.com is listed on Spamhaus DBL: spam domain');
    // IPv6 addresses are not asked: the IP lists here are IPv4 lists.
    expect(listed.details.results).toHaveLength(4);
  });
});
