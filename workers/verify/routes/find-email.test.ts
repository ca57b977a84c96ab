import { describe, expect, it } from 'vitest';
import { bulkTenant, callVerify, eventually } from '../../../test/workers/bulk-flow';

type Finder = {
  job_id: number;
  status: string;
  result: string;
  email: string | null;
  pattern: string | null;
  candidates: Array<{ email: string; pattern: string; status: string; is_catch_all: boolean | null }>;
};

async function find(auth: Record<string, string>, body: Record<string, unknown>) {
  const created = await callVerify('POST', '/v1/find_email', auth, { sandbox: true, ...body });
  expect(created.status).toBe(201);
  const search = (await created.json()) as Finder;
  expect(created.headers.get('location')).toBe(`/v1/find_email/${search.job_id}`);
  return eventually(
    async () => (await (await callVerify('GET', `/v1/find_email/${search.job_id}`, auth)).json()) as Finder,
    (current) => current.status === 'completed',
  );
}

describe('find_email', () => {
  it('verifies the candidate patterns as a job and finds the first accepted one', async () => {
    const { auth } = await bulkTenant();
    const found = await find(auth, { first_name: 'Zoë', last_name: "O'Neil", domain: 'Example.COM' });
    expect(found).toMatchObject({
      first_name: 'Zoë',
      last_name: "O'Neil",
      domain: 'example.com',
      result: 'found',
      email: 'zoe.oneil@example.com',
      pattern: '{first}.{last}',
      score: 95,
    });
    expect(found.candidates).toHaveLength(10);
    expect(found.candidates[1]).toMatchObject({ email: 'zoe@example.com', pattern: '{first}', status: 'done', is_reachable: 'safe', is_catch_all: false });
    // The search is a job like any other.
    const job = await (await callVerify('GET', `/v1/jobs/${found.job_id}`, auth)).json();
    expect(job).toMatchObject({ kind: 'find_email', total_records: 10, summary: { total_safe: 10 } });
  });

  it('reports a catch-all domain as such, with no address', async () => {
    const { auth } = await bulkTenant();
    // In the sandbox, `risky@…` stands for a domain that accepts every address.
    const search = await find(auth, { first_name: 'Risky', last_name: 'Person', domain: 'example.com' });
    expect(search).toMatchObject({ result: 'catch_all', email: null, pattern: null });
    expect(search.candidates.find((candidate) => candidate.email === 'risky@example.com')).toMatchObject({ is_catch_all: true });
  });

  it('finds nothing when every candidate is refused', async () => {
    const { auth } = await bulkTenant();
    const search = await find(auth, { first_name: 'Undeliverable', domain: 'example.com' });
    expect(search).toMatchObject({
      result: 'not_found',
      email: null,
      candidates: [{ email: 'undeliverable@example.com', pattern: '{first}', status: 'done' }],
    });
  });

  it('refuses names without letters an address could be made of, and domains that are not mail domains', async () => {
    const { auth } = await bulkTenant();
    for (const [body, field] of [
      [{ first_name: '李', domain: 'example.com' }, 'first_name'],
      [{ first_name: 'Jane', domain: 'not a domain' }, 'domain'],
      [{ first_name: 'Jane', domain: '192.0.2.1' }, 'domain'],
      [{ domain: 'example.com' }, 'first_name'],
    ] as const) {
      const response = await callVerify('POST', '/v1/find_email', auth, { sandbox: true, ...body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field });
    }
  });

  it('answers 404 for a bulk job, and for another workspace’s search', async () => {
    const { auth } = await bulkTenant();
    const bulk = (await (await callVerify('POST', '/v1/bulk', auth, { input: ['a@example.com'], sandbox: true })).json()) as { job_id: number };
    expect((await callVerify('GET', `/v1/find_email/${bulk.job_id}`, auth)).status).toBe(404);
    const search = (await (await callVerify('POST', '/v1/find_email', auth, { sandbox: true, first_name: 'Jane', domain: 'example.com' })).json()) as {
      job_id: number;
    };
    const stranger = await bulkTenant();
    expect((await callVerify('GET', `/v1/find_email/${search.job_id}`, stranger.auth)).status).toBe(404);
  });

  it('refuses a body field it does not define with 400 naming it, creating no job', async () => {
    const { auth } = await bulkTenant();
    const response = await callVerify('POST', '/v1/find_email', auth, { sandbox: true, first_name: 'Jane', domain: 'example.com', middle_name: 'Q' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      field: 'middle_name',
      message: 'middle_name is not a field of this request.',
      hint: expect.stringContaining('Remove `middle_name`'),
    });
  });
});
