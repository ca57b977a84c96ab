/**
 * robots.txt as RFC 9309 reads it: the group naming our product token wins over `*`; within the
 * group the longest matching rule decides, `allow` winning a tie; `*` matches any run of
 * characters and a trailing `$` anchors the end. robots.txt is a line format, not markup, so it is
 * read line by line.
 */
export interface RobotsRules {
  rules: Array<{ allow: boolean; pattern: string }>;
}

/** What a robots.txt answer means for the crawl (RFC 9309 §2.3.1). */
export type RobotsFetch = { kind: 'found'; body: string } | { kind: 'missing' } | { kind: 'unreachable' };

export const ALLOW_ALL: RobotsRules = { rules: [] };
export const DISALLOW_ALL: RobotsRules = { rules: [{ allow: false, pattern: '/' }] };

/** A 4xx means there are no rules; a 5xx or no answer means the site may not be crawled at all. */
export function robotsFrom(fetched: RobotsFetch, productToken: string): RobotsRules {
  if (fetched.kind === 'missing') return ALLOW_ALL;
  if (fetched.kind === 'unreachable') return DISALLOW_ALL;
  return parseRobots(fetched.body, productToken);
}

export function parseRobots(body: string, productToken: string): RobotsRules {
  const token = productToken.toLowerCase();
  const groups: Array<{ agents: string[]; rules: RobotsRules['rules'] }> = [];
  let current: (typeof groups)[number] | null = null;
  let lastWasAgent = false;
  for (const rawLine of body.split(/\r\n|\r|\n/)) {
    const line = rawLine.split('#', 1)[0]!.trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      // Consecutive user-agent lines share one group.
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (key !== 'allow' && key !== 'disallow')) continue;
    // An empty disallow allows everything: it adds no rule.
    if (value) current.rules.push({ allow: key === 'allow', pattern: value });
  }
  const named = groups.filter((group) => group.agents.some((agent) => agent !== '*' && token.startsWith(agent)));
  const chosen = named.length > 0 ? named : groups.filter((group) => group.agents.includes('*'));
  return { rules: chosen.flatMap((group) => group.rules) };
}

/** Whether a path (with its query) may be fetched. */
export function isAllowed(rules: RobotsRules, pathAndQuery: string): boolean {
  const path = normalizePercent(pathAndQuery);
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of rules.rules) {
    const pattern = normalizePercent(rule.pattern);
    if (!matches(pattern, path)) continue;
    const length = pattern.length;
    if (!best || length > best.length || (length === best.length && rule.allow && !best.allow)) best = { allow: rule.allow, length };
  }
  return best?.allow ?? true;
}

/** `*` as any run of characters, a final `$` as the end of the path; everything else literally, as a prefix. */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const parts = (anchored ? pattern.slice(0, -1) : pattern).split('*');
  let position = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i === 0) {
      if (!path.startsWith(part)) return false;
      position = part.length;
      continue;
    }
    const found = i === parts.length - 1 && anchored ? path.lastIndexOf(part) : path.indexOf(part, position);
    if (found < position) return false;
    position = found + part.length;
  }
  return anchored ? position === path.length : true;
}

/** Percent-escapes compare upper-case, and unreserved characters compare decoded (RFC 9309 §2.2.2). */
function normalizePercent(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '%' && i + 2 < value.length && /^[0-9a-fA-F]{2}$/.test(value.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(Number.parseInt(value.slice(i + 1, i + 3), 16));
      out += /[A-Za-z0-9\-._~]/.test(decoded) ? decoded : `%${value.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else {
      out += char;
    }
  }
  return out;
}
