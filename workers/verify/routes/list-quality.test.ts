import { describe, expect, it } from 'vitest';
import { callVerify } from '../../../test/workers/bulk-flow';
import { listTenant, uploadList, verifiedList } from '../../../test/workers/list-flow';
import type { qualityReport } from '../lists/list-quality';
import type { ListView } from '../lists/lists';

type Quality = Awaited<ReturnType<typeof qualityReport>>;

describe('GET /v1/lists/{list_id}/quality', () => {
  it('scores the list by risk group, estimates its bounces and grades it against the workspace thresholds', async () => {
    const { auth, list } = await verifiedList();
    const response = await callVerify('GET', `/v1/lists/${list.list_id}/quality`, auth);
    expect(response.status).toBe(200);
    const quality = (await response.json()) as Quality;
    const counts = Object.fromEntries((quality.breakdown as Array<{ group: string; count: number }>).map((entry) => [entry.group, entry.count]));
    expect(counts).toEqual({ invalid: 2, suppressed: 0, disposable: 1, full_inbox: 1, catch_all: 1, role: 1, unknown: 1, risky: 0, safe: 2 });
    expect(quality).toMatchObject({
      list_id: list.list_id,
      status: 'completed',
      final: true,
      // (2 × 1 + 0.5 + 0.2 + 0.1 + 0.7 + 0.4) / 9
      score: 43,
      // (2 × 0.01 + 2 × 1 + 0.25 + 0.6 + 0.2 + 0.05 + 0.3) / 9
      bounce_estimate_percent: 38,
      counts: { rows: 10, scored: 9, checked: 8, pending: 0, duplicates: 1, syntax_errors: 1, suppressed: 0 },
      shares: { safe: 22.2, risky: 44.4, invalid: 22.2, unknown: 11.1, suppressed: 0 },
      grade: { verdict: 'poor', approved: false, safe_percent: 22.22, thresholds: { excellent: 95, good: 85 } },
    });

    // The thresholds are the workspace's, as for job approval.
    const settings = await callVerify('PATCH', '/v1/me/settings', auth, { approval_excellent_threshold: 30, approval_good_threshold: 20 });
    expect(settings.status).toBe(200);
    const regraded = (await (await callVerify('GET', `/v1/lists/${list.list_id}/quality`, auth)).json()) as Quality;
    expect(regraded.grade).toMatchObject({ verdict: 'good', approved: true });
  });

  it('is provisional while addresses wait for their check', async () => {
    const { auth } = await listTenant();
    const list = (await (await uploadList(auth, { name: 'Slow', sandbox: 'true' }, 'email\ngreylisted@example.com\n')).json()) as ListView;
    const quality = (await (await callVerify('GET', `/v1/lists/${list.list_id}/quality`, auth)).json()) as Quality;
    expect(quality).toMatchObject({
      final: false,
      score: null,
      bounce_estimate_percent: null,
      counts: { pending: 1, scored: 0, checked: 0 },
      grade: { verdict: 'pending' },
    });
  });
});
