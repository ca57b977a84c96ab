/**
 * LinkedIn's `commentary` is "little text": `\ | { } @ [ ] ( ) < > # * _ ~` are markup, and a post
 * whose copy carries them unescaped is refused or shown mangled (a `(` or `@` in plain prose is
 * enough). Each is escaped with a backslash, except a hashtag, which is written as LinkedIn's
 * hashtag template so it stays a hashtag.
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const HASHTAG = /(^|[^\p{L}\p{N}_&/])#([\p{L}\p{N}]+)/gu;

const escapeReserved = (text: string) => text.replace(RESERVED, (character) => `\\${character}`);

export function linkedInCommentary(copy: string): string {
  let out = '';
  let last = 0;
  for (const match of copy.matchAll(HASHTAG)) {
    const start = match.index + match[1]!.length;
    out += `${escapeReserved(copy.slice(last, start))}{hashtag|\\#|${match[2]}}`;
    last = start + 1 + match[2]!.length;
  }
  return out + escapeReserved(copy.slice(last));
}
