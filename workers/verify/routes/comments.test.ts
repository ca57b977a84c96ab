import { describe, expect, it } from 'vitest';
import { callVerify, seedJob } from '../../../test/workers/bulk-flow';
import { listTenant, seedList } from '../../../test/workers/list-flow';
import { addVerifyKey } from '../../../test/workers/seed';

type Comment = { comment_id: number; body: string; list_id: number | null; job_id: number | null; author: string | null };

describe('comments', () => {
  it('comments on a list and a job, pages and filters them, and deletes one', async () => {
    const { auth, tenant } = await listTenant();
    const list = await seedList(tenant.id);
    const job = await seedJob(tenant.id, ['jane@example.com']);
    const onList = await callVerify('POST', '/v1/comments', auth, { body: 'Bounced a lot last time', author: 'Ana', list_id: list.id });
    expect(onList.status).toBe(201);
    const listComment = (await onList.json()) as Comment;
    expect(listComment).toMatchObject({ body: 'Bounced a lot last time', author: 'Ana', list_id: list.id, job_id: null });
    expect(onList.headers.get('location')).toBe(`/v1/comments/${listComment.comment_id}`);
    const onJob = (await (await callVerify('POST', '/v1/comments', auth, { body: 'Rerun Monday', job_id: job.id })).json()) as Comment;
    expect(onJob).toMatchObject({ job_id: job.id, list_id: null, author: null });

    const all = (await (await callVerify('GET', '/v1/comments?limit=1', auth)).json()) as { comments: Comment[]; total: number };
    expect(all.total).toBe(2);
    expect(all.comments.map((comment) => comment.comment_id)).toEqual([onJob.comment_id]);
    const forList = (await (await callVerify('GET', `/v1/comments?list_id=${list.id}`, auth)).json()) as { comments: Comment[] };
    expect(forList.comments.map((comment) => comment.body)).toEqual(['Bounced a lot last time']);

    const deleted = await callVerify('DELETE', `/v1/comments/${listComment.comment_id}`, auth);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ comment_id: listComment.comment_id, deleted: true });
    expect((await callVerify('DELETE', `/v1/comments/${listComment.comment_id}`, auth)).status).toBe(404);
  });

  it('takes its scope from the linked resource', async () => {
    const { tenant } = await listTenant();
    const list = await seedList(tenant.id);
    const job = await seedJob(tenant.id, ['jane@example.com']);
    const bulkOnly = await addVerifyKey(tenant.id, ['bulk']);
    const refused = await callVerify('POST', '/v1/comments', bulkOnly.auth, { body: 'x', list_id: list.id });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'insufficient_scope', requiredScope: 'lists' });
    expect((await callVerify('POST', '/v1/comments', bulkOnly.auth, { body: 'x', job_id: job.id })).status).toBe(201);

    const listsOnly = await addVerifyKey(tenant.id, ['lists']);
    expect((await callVerify('POST', '/v1/comments', listsOnly.auth, { body: 'y', list_id: list.id })).status).toBe(201);
    // Without a filter, a key sees the comments it may read: lists' only.
    const seen = (await (await callVerify('GET', '/v1/comments', listsOnly.auth)).json()) as { comments: Comment[] };
    expect(seen.comments.map((comment) => comment.body)).toEqual(['y']);
    expect((await callVerify('GET', `/v1/comments?job_id=${job.id}`, listsOnly.auth)).status).toBe(403);
    const jobComment = ((await (await callVerify('GET', '/v1/comments', bulkOnly.auth)).json()) as { comments: Comment[] }).comments[0]!;
    expect((await callVerify('DELETE', `/v1/comments/${jobComment.comment_id}`, listsOnly.auth)).status).toBe(403);
    const none = await addVerifyKey(tenant.id, ['verify']);
    expect((await callVerify('GET', '/v1/comments', none.auth)).status).toBe(403);
  });

  it('refuses a comment on nothing, on both, or on another workspace’s list', async () => {
    const { auth, tenant } = await listTenant();
    const list = await seedList(tenant.id);
    const job = await seedJob(tenant.id, ['jane@example.com']);
    const stranger = await listTenant();
    const foreign = await seedList(stranger.tenant.id);
    expect((await callVerify('POST', '/v1/comments', auth, { body: 'x' })).status).toBe(400);
    expect((await callVerify('POST', '/v1/comments', auth, { body: 'x', list_id: list.id, job_id: job.id })).status).toBe(400);
    expect((await callVerify('POST', '/v1/comments', auth, { body: '', list_id: list.id })).status).toBe(400);
    const other = await callVerify('POST', '/v1/comments', auth, { body: 'x', list_id: foreign.id });
    expect(other.status).toBe(404);
    expect((await callVerify('GET', `/v1/comments?list_id=${foreign.id}`, auth)).status).toBe(404);
    expect((await callVerify('DELETE', '/v1/comments/9007199254740992', auth)).status).toBe(400);
  });
});
