import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { describeIssue } from './validation-message';

const schema = z
  .object({
    title: z.string().min(1).max(3),
    limit: z.coerce.number().int().min(1).max(100),
    publishAt: z.string().datetime({ offset: true }),
    url: z.string().url(),
    channel: z.enum(['x', 'linkedin']),
    prerelease: z.boolean(),
    tags: z.array(z.string()).max(1),
    nested: z.object({ altText: z.string() }).strict(),
  })
  .strict();

const valid = {
  title: 'ok',
  limit: 5,
  publishAt: '2026-11-25T09:00:00Z',
  url: 'https://example.com',
  channel: 'x',
  prerelease: true,
  tags: [],
  nested: { altText: 'a' },
};

function describe1(change: Record<string, unknown>, target = 'json') {
  const result = schema.safeParse({ ...valid, ...change });
  if (result.success) throw new Error('expected a failure');
  return describeIssue(result.error.issues[0], target);
}

describe('validation messages', () => {
  it.each([
    [{ title: undefined }, 'title', 'title is required: send text.'],
    [{ limit: 'abc' }, 'limit', 'limit must be a number.'],
    [{ limit: 1.5 }, 'limit', 'limit must be a whole number, not a number.'],
    [{ publishAt: 'tomorrow' }, 'publishAt', 'publishAt must be a date and time in ISO 8601 with a time zone, such as 2026-11-25T09:00:00Z.'],
    [{ url: 'nope' }, 'url', 'url must be an absolute URL, such as https://example.com/page.'],
    [{ channel: 'myspace' }, 'channel', 'channel must be one of: x, linkedin.'],
    [{ prerelease: 'yes' }, 'prerelease', 'prerelease must be true or false, not text.'],
    [{ title: '' }, 'title', 'title must not be empty.'],
    [{ title: 'long' }, 'title', 'title must have at most 3 characters.'],
    [{ tags: ['a', 'b'] }, 'tags', 'tags must have at most 1 item.'],
    [{ limit: 0 }, 'limit', 'limit must be at least 1.'],
    [{ nested: { altText: 'a', colour: 'red' } }, 'nested.colour', 'nested.colour is not a field of this request.'],
  ])('%j → %s: %s', (change, field, message) => {
    expect(describe1(change)).toMatchObject({ field, message });
  });

  it('names an unknown top-level key in field, never "json"', () => {
    const problem = describe1({ colour: 'red', size: 2 });
    expect(problem).toEqual({
      field: 'colour',
      message: 'colour, size are not fields of this request.',
      hint: 'Remove `colour`, `size`; the OpenAPI document lists the fields each operation accepts.',
    });
  });

  it('says the body must be an object when it is not one', () => {
    const result = schema.safeParse([1]);
    expect(describeIssue(result.error!.issues[0], 'json')).toMatchObject({ field: 'body', message: 'The body must be a JSON object.' });
  });

  it('never passes the validator’s own wording through', () => {
    for (const change of [{ title: undefined }, { limit: 'abc' }, { prerelease: 1 }]) {
      expect(describe1(change).message).not.toMatch(/received|Invalid input|expected \w+,/);
    }
  });
});
