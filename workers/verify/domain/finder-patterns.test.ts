import { describe, expect, it } from 'vitest';
import { finderCandidates, finderOutcome, foldName, type CheckedCandidate } from './finder-patterns';

describe('find_email candidates', () => {
  it('folds names to what a mailbox name is made of', () => {
    expect(foldName('Zoë')).toBe('zoe');
    expect(foldName("Mary-Ann O'Neil")).toBe('maryannoneil');
    expect(foldName('José Ángel')).toBe('joseangel');
    expect(foldName('Straße')).toBe('strasse');
    expect(foldName('Søren')).toBe('soren');
    expect(foldName('李')).toBe('');
  });

  it('builds the common patterns, most likely first, without repeats', () => {
    expect(finderCandidates('Jane', 'Doe', 'example.com')).toEqual([
      { email: 'jane.doe@example.com', pattern: '{first}.{last}' },
      { email: 'jane@example.com', pattern: '{first}' },
      { email: 'janedoe@example.com', pattern: '{first}{last}' },
      { email: 'jdoe@example.com', pattern: '{f}{last}' },
      { email: 'j.doe@example.com', pattern: '{f}.{last}' },
      { email: 'janed@example.com', pattern: '{first}{l}' },
      { email: 'jane_doe@example.com', pattern: '{first}_{last}' },
      { email: 'doe.jane@example.com', pattern: '{last}.{first}' },
      { email: 'doej@example.com', pattern: '{last}{f}' },
      { email: 'doe@example.com', pattern: '{last}' },
    ]);
    const same = finderCandidates('Al', 'Al', 'example.com').map((candidate) => candidate.email);
    expect(new Set(same).size).toBe(same.length);
  });

  it('tries only the first name without a last name, and nothing without letters', () => {
    expect(finderCandidates('Jane', undefined, 'example.com')).toEqual([{ email: 'jane@example.com', pattern: '{first}' }]);
    expect(finderCandidates('李', 'Doe', 'example.com')).toEqual([]);
  });

  it('leaves out candidates longer than a local part may be', () => {
    const long = 'a'.repeat(40);
    const emails = finderCandidates(long, long, 'example.com').map((candidate) => candidate.email.split('@')[0]!);
    expect(emails.every((local) => local.length <= 64)).toBe(true);
    expect(emails).toContain(long);
  });
});

describe('find_email outcome', () => {
  const candidate = (email: string, output: CheckedCandidate['output']): CheckedCandidate => ({ email, pattern: '{first}', output });
  const accepted = { is_reachable: 'safe', score: 95, smtp: { is_catch_all: false, is_deliverable: true } };
  const refused = { is_reachable: 'invalid', score: 0, smtp: { is_catch_all: false, is_deliverable: false } };
  const catchAll = { is_reachable: 'risky', score: 60, smtp: { is_catch_all: true, is_deliverable: true } };

  it('finds the first accepted candidate in pattern order', () => {
    expect(finderOutcome([candidate('a@x.test', refused), candidate('b@x.test', accepted), candidate('c@x.test', accepted)], true)).toEqual({
      result: 'found',
      email: 'b@x.test',
      pattern: '{first}',
      score: 95,
    });
  });

  it('reports a catch-all domain as such, with no address', () => {
    expect(finderOutcome([candidate('a@x.test', accepted), candidate('b@x.test', catchAll)], true)).toEqual({
      result: 'catch_all',
      email: null,
      pattern: null,
      score: null,
    });
  });

  it('is pending until every candidate has ended, then not found', () => {
    expect(finderOutcome([candidate('a@x.test', refused), candidate('b@x.test', null)], false).result).toBe('pending');
    expect(finderOutcome([candidate('a@x.test', refused), candidate('b@x.test', refused)], true).result).toBe('not_found');
  });
});
