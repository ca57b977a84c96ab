/** Text to find as it is written, in a pattern: a product's name ("Node.js"), a version ("1.2.3+build"). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
