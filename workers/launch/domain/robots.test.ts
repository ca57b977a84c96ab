import { describe, expect, it } from 'vitest';
import { isAllowed, parseRobots, robotsFrom } from './robots';

const token = 'LaunchOnboarding';

describe('robots.txt (RFC 9309)', () => {
  it('prefers the group naming the product token over *, and the longest match within it', () => {
    const rules = parseRobots(
      ['User-agent: *', 'Disallow: /', '', 'User-agent: launchonboarding', 'User-agent: other', 'Disallow: /private', 'Allow: /private/press # public'].join(
        '\n',
      ),
      token,
    );
    expect(isAllowed(rules, '/')).toBe(true);
    expect(isAllowed(rules, '/private/plans')).toBe(false);
    expect(isAllowed(rules, '/private/press/kit')).toBe(true);
  });

  it('falls back to * and reads wildcards and the end anchor', () => {
    const rules = parseRobots('User-agent: *\nDisallow: /*/private/\nAllow: /*/private/press$\nDisallow: /*.pdf$', token);
    expect(isAllowed(rules, '/s/abc/private/plans')).toBe(false);
    expect(isAllowed(rules, '/s/abc/private/press')).toBe(true);
    expect(isAllowed(rules, '/s/abc/private/press/more')).toBe(false);
    expect(isAllowed(rules, '/guide.pdf')).toBe(false);
    expect(isAllowed(rules, '/guide.pdf?x=1')).toBe(true);
  });

  it('lets allow win a tie, treats an empty disallow as no rule, and compares escapes decoded', () => {
    expect(isAllowed(parseRobots('User-agent: *\nDisallow: /a\nAllow: /a', token), '/a')).toBe(true);
    expect(isAllowed(parseRobots('User-agent: *\nDisallow:', token), '/anything')).toBe(true);
    expect(isAllowed(parseRobots('User-agent: *\nDisallow: /%7Euser', token), '/~user/page')).toBe(false);
  });

  it('reads a 4xx as no rules and an unreachable robots.txt as a closed site', () => {
    expect(isAllowed(robotsFrom({ kind: 'missing' }, token), '/x')).toBe(true);
    expect(isAllowed(robotsFrom({ kind: 'unreachable' }, token), '/x')).toBe(false);
    expect(isAllowed(robotsFrom({ kind: 'found', body: 'User-agent: SomeBot\nDisallow: /' }, token), '/x')).toBe(true);
  });
});
