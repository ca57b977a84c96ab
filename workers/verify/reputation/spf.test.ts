import { describe, expect, it } from 'vitest';
import { memoryResolver } from '../../../test/workers/memory-resolver';
import { checkSpf, parseSpf } from './spf';

describe('parseSpf', () => {
  it('reads qualifiers, mechanisms and modifiers', () => {
    const { terms, errors } = parseSpf('v=spf1 ip4:192.0.2.0/24 -include:_spf.example.com ~all exp=explain.example.com');
    expect(errors).toEqual([]);
    expect(terms.map((term) => [term.qualifier, term.name, term.value])).toEqual([
      ['+', 'ip4', '192.0.2.0'],
      ['-', 'include', '_spf.example.com'],
      ['~', 'all', null],
      ['+', 'exp', 'explain.example.com'],
    ]);
  });

  it.each([
    ['v=spf1 include -all', 'needs a value'],
    ['v=spf1 ip4:300.1.1.1 -all', 'not an IPv4 address'],
    ['v=spf1 ip4:192.0.2.1/33 -all', 'prefix length'],
    ['v=spf1 foo:bar -all', 'not an SPF mechanism'],
    ['v=spf1 redirect=a.example redirect=b.example', 'more than once'],
    ['v=spf1 all:x', 'takes no value'],
  ])('finds the error in %s', (record, message) => {
    expect(parseSpf(record).errors.join(' ')).toContain(message);
  });
});

describe('checkSpf', () => {
  it('expands includes and counts every look-up in evaluation order', async () => {
    const resolver = memoryResolver({
      'example.com': { TXT: ['"v=spf1 mx include:_a.example.com include:_b.example.com" " -all"'], MX: ['10 mx.example.com.'] },
      '_a.example.com': { TXT: ['"v=spf1 include:_c.example.com ~all"'] },
      '_b.example.com': { TXT: ['"v=spf1 ip4:192.0.2.0/24 -all"'] },
      '_c.example.com': { TXT: ['"v=spf1 a:host.example.com -all"'] },
      'host.example.com': { A: ['192.0.2.1'] },
    });
    const finding = await checkSpf(resolver, 'example.com');
    expect(finding.status).toBe('pass');
    expect(finding.records).toEqual(['v=spf1 mx include:_a.example.com include:_b.example.com -all']);
    expect(finding.details.steps.map((step) => [step.depth, step.term, step.total])).toEqual([
      [0, 'mx', 1],
      [0, 'include:_a.example.com', 2],
      [1, 'include:_c.example.com', 3],
      [2, 'a:host.example.com', 4],
      [2, '-all', 4],
      [1, '~all', 4],
      [0, 'include:_b.example.com', 5],
      [1, 'ip4:192.0.2.0/24', 5],
      [1, '-all', 5],
      [0, '-all', 5],
    ]);
    expect(finding.details).toMatchObject({ lookups: 5, void_lookups: 0, all: '-all' });
  });

  it('fails a record over 10 look-ups, and still counts all of them', async () => {
    const zone: Record<string, { TXT: string[] }> = {
      'example.com': { TXT: [`v=spf1 ${Array.from({ length: 6 }, (_, index) => `include:i${index}.example.com`).join(' ')} -all`] },
    };
    for (let index = 0; index < 6; index++) zone[`i${index}.example.com`] = { TXT: [`v=spf1 include:leaf.example.com -all`] };
    zone['leaf.example.com'] = { TXT: ['v=spf1 ip4:192.0.2.1 -all'] };
    const finding = await checkSpf(memoryResolver(zone), 'example.com');
    expect(finding.status).toBe('fail');
    expect(finding.details.lookups).toBe(12);
    expect(finding.summary).toContain('12 DNS look-ups; the limit is 10');
    expect(finding.fix).toContain('Remove includes');
  });

  it('counts void look-ups (names that find nothing) against the limit of 2', async () => {
    const resolver = memoryResolver({
      'example.com': { TXT: ['v=spf1 a include:gone1.example.com exists:gone2.example.com -all'] },
    });
    const finding = await checkSpf(resolver, 'example.com');
    expect(finding.details.void_lookups).toBe(3);
    expect(finding.status).toBe('fail');
    expect(finding.summary).toContain('3 look-ups find nothing');
  });

  it.each([
    ['v=spf1 +all', 'fail', 'any server on the internet'],
    ['v=spf1 ip4:192.0.2.1 ?all', 'warn', 'neutral'],
    ['v=spf1 ip4:192.0.2.1', 'warn', 'without "all"'],
    ['v=spf1 ptr -all', 'warn', 'deprecates'],
  ])('judges %s as %s', async (record, status, text) => {
    const finding = await checkSpf(memoryResolver({ 'example.com': { TXT: [record] } }), 'example.com');
    expect(finding.status).toBe(status);
    expect(finding.summary).toContain(text);
    expect(finding.fix).not.toBeNull();
  });

  it('fails a missing record, two records, and an include without a record', async () => {
    expect((await checkSpf(memoryResolver({ 'example.com': { TXT: ['google-site-verification=x'] } }), 'example.com')).fix).toContain('"v=spf1 mx ~all"');
    const two = await checkSpf(memoryResolver({ 'example.com': { TXT: ['v=spf1 -all', 'v=spf1 mx -all'] } }), 'example.com');
    expect(two).toMatchObject({ status: 'fail', records: ['v=spf1 -all', 'v=spf1 mx -all'] });
    const dangling = await checkSpf(
      memoryResolver({ 'example.com': { TXT: ['v=spf1 include:other.example -all'] }, 'other.example': { TXT: ['hello'] } }),
      'example.com',
    );
    expect(dangling.status).toBe('fail');
    expect(dangling.summary).toContain('other.example, which the record includes, has no SPF record');
  });

  it('is unknown when the record cannot be read, and stops at include loops', async () => {
    expect((await checkSpf(memoryResolver({ 'example.com': 'servfail' }), 'example.com')).status).toBe('unknown');
    const loop = await checkSpf(
      memoryResolver({ 'example.com': { TXT: ['v=spf1 include:b.example -all'] }, 'b.example': { TXT: ['v=spf1 include:example.com -all'] } }),
      'example.com',
    );
    expect(loop.status).toBe('fail');
    expect(loop.summary).toContain('loops back to example.com');
  });
});
