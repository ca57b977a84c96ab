import { describe, expect, it } from 'vitest';
import { emailChecks } from '../../../shared/db/schema';
import { callVerify } from '../../../test/workers/bulk-flow';
import { uploadList, verifiedList } from '../../../test/workers/list-flow';
import { withTestDb } from '../../../test/workers/seed';
import type { sourcesQuality } from '../lists/sources';

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

  it('measures accuracy per source from the outcomes reported after the check', async () => {
    const { auth, tenant, list } = await verifiedList();
    const uploaded = new Date(list.created_at).getTime();
    const at = (offsetMs: number) => new Date(uploaded + offsetMs).toISOString();
    const report = async (email: string, type: string, occurredAt: string) =>
      expect((await callVerify('POST', '/v1/outcomes', auth, { email, type, occurred_at: occurredAt })).status).toBe(201);
    await report('jane@example.com', 'hard_bounce', at(1000));
    await report('john@example.com', 'delivered', at(1000));
    // The first conclusive outcome judges: a complaint proves delivery; the later bounce does not undo it.
    await report('risky@example.com', 'complaint', at(1000));
    await report('risky@example.com', 'hard_bounce', at(2000));
    await report('undeliverable@example.com', 'delivered', at(1000));
    // A soft bounce says nothing; an outcome from before the upload is not about our verdict.
    await report('role@example.com', 'soft_bounce', at(1000));
    await report('full-inbox@example.com', 'hard_bounce', at(-60_000));

    const checkedAt = new Date(uploaded + 5000);
    await withTestDb((db) =>
      db.insert(emailChecks).values([
        {
          tenantId: tenant.id,
          email: 'single@example.com',
          isReachable: 'safe',
          reason: 'accepted_email',
          score: 95,
          output: {},
          source: 'single',
          createdAt: checkedAt,
        },
        {
          tenantId: tenant.id,
          email: 'early@example.com',
          isReachable: 'invalid',
          reason: 'rejected_email',
          score: 0,
          output: {},
          source: 'single',
          createdAt: checkedAt,
        },
      ]),
    );
    await report('single@example.com', 'hard_bounce', at(6000));
    await report('early@example.com', 'delivered', at(4000));

    const body = (await (await callVerify('GET', '/v1/sources/quality?window=all', auth)).json()) as Sources;
    const [lists, singles] = body.sources;
    expect(lists!.accuracy).toEqual({
      measured: 4,
      // jane bounced; john and risky delivered.
      deliverable_bounce_percent: 33.3,
      safe_bounce_percent: 50,
      invalid_delivered_percent: 100,
      by_verdict: {
        safe: { bounced: 1, delivered: 1 },
        risky: { bounced: 0, delivered: 1 },
        invalid: { bounced: 0, delivered: 1 },
        unknown: { bounced: 0, delivered: 0 },
      },
    });
    expect(singles).toMatchObject({
      type: 'single_checks',
      accuracy: { measured: 1, safe_bounce_percent: 100, invalid_delivered_percent: null, by_verdict: { safe: { bounced: 1, delivered: 0 } } },
    });

    // The account view sums every source of the billing period.
    const usage = (await (await callVerify('GET', '/v1/me/usage', auth)).json()) as { accuracy: unknown };
    expect(usage.accuracy).toEqual({
      measured: 5,
      deliverable_bounce_percent: 50,
      safe_bounce_percent: 66.7,
      invalid_delivered_percent: 100,
      by_verdict: {
        safe: { bounced: 2, delivered: 1 },
        risky: { bounced: 0, delivered: 1 },
        invalid: { bounced: 0, delivered: 1 },
        unknown: { bounced: 0, delivered: 0 },
      },
    });
  });
});
