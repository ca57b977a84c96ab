import type { z } from '@hono/zod-openapi';

type Issue = z.core.$ZodIssue;

export interface ValidationProblem {
  field: string;
  message: string;
  hint: string;
}

/** What a value of each type is called in a message a person reads. */
const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list (a JSON array)',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

const formatWords: Record<string, string> = {
  datetime: 'a date and time in ISO 8601 with a time zone, such as 2026-11-25T09:00:00Z',
  date: 'a date such as 2026-11-25',
  url: 'an absolute URL, such as https://example.com/page',
  email: 'an email address, such as jane@example.com',
  uuid: 'a UUID',
  regex: 'in the documented format',
};

const unitWords: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

/**
 * Turns the first zod issue of a failed request into a message in words: which field, what is
 * expected, and how to fix it. An unknown key is named in `field` itself, so a client can point at
 * it; the validator's own text ("expected string, received undefined") never reaches a person.
 */
export function describeIssue(issue: Issue | undefined, target: string): ValidationProblem {
  const at = issue?.path.map(String).join('.') ?? '';
  const name = at || bodyName(target);
  if (!issue) return { field: name, message: `${name} is not valid.`, hint: `Fix \`${name}\` and send the request again.` };
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = issue.keys.map((key) => (at ? `${at}.${key}` : key));
      const field = keys[0]!;
      return {
        field,
        message: keys.length === 1 ? `${field} is not a field of this request.` : `${keys.join(', ')} are not fields of this request.`,
        hint: `Remove ${keys.map((key) => `\`${key}\``).join(', ')}; the OpenAPI document lists the fields each operation accepts.`,
      };
    }
    case 'invalid_type': {
      const received = /received (\w+)/.exec(issue.message)?.[1];
      const expected = typeWords[issue.expected] ?? issue.expected;
      if (received === 'undefined') return problem(name, `${name} is required: send ${expected}.`);
      if (received === 'NaN') return problem(name, `${name} must be ${expected}.`);
      if (!at && issue.expected === 'object') return problem(name, 'The body must be a JSON object.');
      return problem(name, `${name} must be ${expected}${received ? `, not ${typeWords[received] ?? received}` : ''}.`);
    }
    case 'invalid_format':
      return problem(name, `${name} must be ${formatWords[issue.format] ?? `a valid ${issue.format}`}.`);
    case 'invalid_value':
      return problem(name, `${name} must be one of: ${issue.values.map((value) => String(value)).join(', ')}.`);
    case 'too_big':
    case 'too_small':
      return problem(name, `${name} ${bound(issue)}.`);
    case 'custom':
      return problem(name, issue.message);
    default:
      return problem(name, `${name} is not valid.`);
  }
}

function problem(field: string, message: string): ValidationProblem {
  return { field, message, hint: `Fix \`${field}\` and send the request again.` };
}

function bodyName(target: string): string {
  return target === 'json' || target === 'form' ? 'body' : target;
}

function bound(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const limit = Number(issue.code === 'too_big' ? issue.maximum : issue.minimum);
  const big = issue.code === 'too_big';
  const units = unitWords[issue.origin];
  if (units) {
    if (!big && limit === 1) return issue.origin === 'string' ? 'must not be empty' : 'needs at least one item';
    return `must have ${big ? 'at most' : 'at least'} ${limit} ${limit === 1 ? units[0] : units[1]}`;
  }
  const inclusive = issue.inclusive !== false;
  if (big) return inclusive ? `must be at most ${limit}` : `must be less than ${limit}`;
  return inclusive ? `must be at least ${limit}` : `must be more than ${limit}`;
}
