import { describe, expect, it } from 'vitest';
import { postToGuardedEcho as post } from '../../test/shared/guarded-echo';

describe('the NUL guard on JSON bodies', () => {
  it('names the field whose value or key holds an escaped NUL', async () => {
    for (const [body, field] of [
      ['{"rows":[{"email":"a@b.c"},{"email":"x\\u0000y"}]}', 'rows.1.email'],
      ['{"rows":[{"e\\u0000":"v"}]}', 'rows.0.e\\u0000'],
    ]) {
      const response = await post(body!);
      expect({ field, status: response.status, body: await response.json() }).toMatchObject({
        field,
        status: 400,
        body: { code: 'validation_failed', field, location: 'json' },
      });
    }
  });

  it('passes a body without one, and the text \\u0000 written with an escaped backslash', async () => {
    const plain = await post('{"rows":[{"email":"a@b.c"}]}');
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual({ rows: [{ email: 'a@b.c' }] });
    const literal = await post('{"rows":[{"note":"\\\\u0000"}]}');
    expect(literal.status).toBe(200);
    expect(await literal.json()).toEqual({ rows: [{ note: '\\u0000' }] });
  });

  it('leaves a body that is not JSON to the validator', async () => {
    const response = await post('{"rows":[\\u0000');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_json' });
  });
});
