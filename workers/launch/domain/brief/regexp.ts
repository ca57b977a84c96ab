/** Text to find as it is written, in a pattern: a product's name ("Node.js"), a version ("1.2.3+build"). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pass skipped, for a chain of `.replace(...)` calls: `text.replace(cond ? PATTERN : SKIP, …)` leaves the text as it is
 * where `cond` says the pattern cannot match. String.prototype.replace hands the text to this object's Symbol.replace,
 * which gives it back at once; a pattern that matches nothing (`/^(?!)/`), used before, still cost a call into the
 * regular-expression engine, about 90 ns, and a brief of 50,000 characters made some 10,000 of them.
 */
export const SKIP = { [Symbol.replace]: (text: string) => text };
