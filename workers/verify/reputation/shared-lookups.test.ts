import { describe, expect, it } from 'vitest';
import { memoryResolver } from '../../../test/workers/memory-resolver';
import { sharedLookups } from './shared-lookups';

describe('sharedLookups', () => {
  it('asks each name and type once, whatever the case or trailing dot, and hands every asker the same answer', async () => {
    const zone = memoryResolver({ 'example.com': { A: ['192.0.2.1'], TXT: ['"v=spf1 -all"'] } });
    const resolver = sharedLookups(zone);
    const answers = await Promise.all([
      resolver.query('example.com', 'A'),
      resolver.query('Example.COM.', 'A'),
      resolver.query('example.com', 'TXT'),
      resolver.query('example.com', 'TXT'),
      resolver.query('missing.example.com', 'A'),
    ]);
    expect(answers[0]).toEqual({ status: 'ok', data: ['192.0.2.1'] });
    expect(answers[1]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[2]);
    expect(answers[4]).toEqual({ status: 'nxdomain', data: [] });
    expect(zone.asked).toEqual(['example.com A', 'example.com TXT', 'missing.example.com A']);
  });

  it('keeps answers to one check: a new sharer asks again', async () => {
    const zone = memoryResolver({ 'example.com': { A: ['192.0.2.1'] } });
    await sharedLookups(zone).query('example.com', 'A');
    await sharedLookups(zone).query('example.com', 'A');
    expect(zone.asked).toEqual(['example.com A', 'example.com A']);
  });
});
