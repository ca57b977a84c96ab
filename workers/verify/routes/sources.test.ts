import { describe, expect, it } from 'vitest';
import { emailChecks } from '../../../shared/db/schema';
import { callVerify } from '../../../test/workers/bulk-flow';
import { uploadList, verifiedList } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import type { sourcesQuality } from '../services/sources';

type Sources = Awaited<ReturnType<typeof sourcesQuality>>;

describe('GET /v1/sources/quality', () => {
  it('scores each list source and the single checks over a window', async () => {
    const { auth, tenant } = await verifiedList();
    await uploadList(auth, { name: 'Partner', source_key: 'partner', sandbox: 'true' }, 'email\njane@example.com\n');
    await withTestDb((db) =>
      db.insert(emailChecks).values([
        { tenantId: tenant.id, email: 'a@example.com', isReachable: 'safe', reason: 'accepted_email', score: 95, output: {}, source: 'single' },
        { tenantId: tenant.id, email: 'b@example.com', isReachable: 'invalid', reason: 'rejected_email', score: 0, output: {}, source: 'single' },
        {
          tenantId: tenant.id,
          email: 'old@example.com',
          isReachable: 'invalid',
          reason: 'rejected_email',
          score: 0,
          output: {},
          source: 'single',
          createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
        },
      ]),
    );
    const response = await callVerify('GET', '/v1/sources/quality?window=30d', auth);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Sources;
    expect(body.window).toBe('30d');
    // The mixed list has no source key; the partner list's job may still run.
    expect(body.sources.map((source) => [source.type, source.source_key])).toEqual([
      ['list_source', null],
      ['list_source', 'partner'],
      ['single_checks', null],
    ]);
    expect(body.sources[0]).toMatchObject({ checked: 9, score: 43, bounce_estimate_percent: 38 });
    expect(body.sources[2]).toMatchObject({ checked: 2, score: 50, grade: { verdict: 'poor', safe_percent: 50 } });
    const all = (await (await callVerify('GET', '/v1/sources/quality?window=all', auth)).json()) as Sources;
    expect(all.sources[2]).toMatchObject({ checked: 3 });
    expect((await callVerify('GET', '/v1/sources/quality?window=1y', auth)).status).toBe(400);
  });
});
