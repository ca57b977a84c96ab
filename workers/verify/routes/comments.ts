import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { int32Id, int64Id, pathParams } from '../../../shared/http/ids';
import { errorResponse, jsonResponse } from '../../../shared/http/openapi-errors';
import { defineOperation } from '../auth/operation';
import type { VerifyEnv } from '../env';
import { createComment, deleteComment, listComments } from '../lists/comments';

const scopeNote =
  'The scope follows the linked resource: a list’s comments need `lists` (and the lists feature), a job’s `bulk` (and the bulk feature). A list or job of another workspace is 404.';

const onlyOn = (name: string) => int32Id().openapi({ description: `Only comments on this ${name}.` });

const commentSchema = z
  .object({
    comment_id: z.number().int().openapi({ format: 'int64' }),
    body: z.string(),
    author: z.string().nullable(),
    list_id: z.number().int().nullable().openapi({ format: 'int32' }),
    job_id: z.number().int().nullable().openapi({ format: 'int32' }),
    created_by: z.string().openapi({ description: 'The API key that wrote it.' }),
    created_at: z.string().datetime(),
  })
  .openapi('Comment');

const commentInput = z
  .object({
    body: z.string().trim().min(1).max(5000),
    author: z.string().trim().min(1).max(200).nullable().optional().openapi({ description: 'Who wrote it, as you want it shown.' }),
    job_id: z.number().int().min(1).max(2_147_483_647).nullable().optional().openapi({ format: 'int32', description: 'The bulk job it is about.' }),
    list_id: z.number().int().min(1).max(2_147_483_647).nullable().optional().openapi({ format: 'int32', description: 'The list it is about.' }),
  })
  .openapi('CommentInput', { description: 'Exactly one of `job_id` and `list_id`.' });

const notFound = errorResponse('No such comment, list or job in this workspace.');

const listRoute = defineOperation({
  method: 'get',
  path: '/v1/comments',
  operationId: 'v1_list_comments',
  tags: ['Comments'],
  summary: 'Comments on a list or a job, newest first',
  description: `${scopeNote} Without \`list_id\` or \`job_id\`, the comments on every list and job the key may read.`,
  access: {},
  request: {
    query: z.object({
      job_id: onlyOn('job').optional(),
      list_id: onlyOn('list').optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20).openapi({ type: 'integer', format: 'int64', description: 'Page size, 1–100.' }),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0).openapi({ type: 'integer', format: 'int64' }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ comments: z.array(commentSchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() }).openapi('CommentsPage'),
      'A page of comments.',
    ),
    404: notFound,
  },
});

const createRoute = defineOperation({
  method: 'post',
  path: '/v1/comments',
  operationId: 'v1_create_comment',
  tags: ['Comments'],
  summary: 'Comment on a list or a job',
  description: scopeNote,
  access: {},
  request: { body: { required: true, content: { 'application/json': { schema: commentInput } } } },
  responses: { 201: jsonResponse(commentSchema, 'The comment.'), 404: notFound },
});

const deleteRoute = defineOperation({
  method: 'delete',
  path: '/v1/comments/{comment_id}',
  operationId: 'v1_delete_comment',
  tags: ['Comments'],
  summary: 'Delete a comment',
  description: scopeNote,
  access: {},
  request: {
    params: pathParams({ comment_id: int64Id() }),
  },
  responses: {
    200: jsonResponse(z.object({ comment_id: z.number().int(), deleted: z.literal(true) }).openapi('CommentDeleteResponse'), 'Deleted.'),
    404: notFound,
  },
});

export function registerCommentRoutes(app: OpenAPIHono<VerifyEnv>): void {
  const caller = (c: Context<VerifyEnv>) => ({ principal: c.get('principal'), entitlement: c.get('entitlement') });
  app.openapi(listRoute, async (c) => c.json(await listComments(c.get('services').db, caller(c), c.req.valid('query')), 200));
  app.openapi(createRoute, async (c) => {
    const comment = await createComment(c.get('services').db, caller(c), c.req.valid('json'));
    c.header('Location', `/v1/comments/${comment.comment_id}`);
    return c.json(comment, 201);
  });
  app.openapi(deleteRoute, async (c) => c.json(await deleteComment(c.get('services').db, caller(c), c.req.valid('param').comment_id), 200));
}
