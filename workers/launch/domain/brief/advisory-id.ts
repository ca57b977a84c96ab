/**
 * An advisory's id, as the patterns that read, tell and check security fixes write it: a CVE, a GitHub advisory
 * (`GHSA-xxxx-xxxx-xxxx`), a RustSec advisory (`RUSTSEC-2024-0363`), the Haskell (`HSEC-2024-0003`, process 1.6.19.0) and
 * Python (`PYSEC-2021-19`) advisory databases', Yubico's security advisories (`YSA-2026-01`, yubikey-manager 5.9.1) and GitHub
 * Security Lab's reports (`GHSL-2022-066`, IOWOW 1.4.16), the OCaml security advisories (`OSEC-2026-14`, mirage-crypto 2.3.0)
 * and Cisco Talos' reports (`TALOS-2019-0820`, SDL_image 2.0.5). One source, so an id every pattern knows is an id.
 */
export const ADVISORY_ID = String.raw`(?:CVE-\d{4}-\d+|GHSA(?:-[0-9a-z]{4}){3}|RUSTSEC-\d{4}-\d{4}|HSEC-\d{4}-\d{4}|PYSEC-\d{4}-\d+|YSA-\d{4}-\d{2}|GHSL-\d{4}-\d{3}|OSEC-\d{4}-\d{2,}|TALOS-\d{4}-\d{4})`;

/** A pattern from a source written with `{ID}` where an advisory id goes. */
export function withAdvisoryId(source: string, flags: string): RegExp {
  return new RegExp(source.replaceAll('{ID}', ADVISORY_ID), flags);
}

/**
 * dnsmasq's "CVE 2023-50387": a CVE's id with a space for its hyphen. The parser writes it as an id, and the checker reads the
 * cited lines the same way, so the two agree.
 */
export const withHyphenatedCves = (text: string) => (text.includes('CVE ') ? text.replace(/\bCVE (?=\d{4}-\d{4,}\b)/g, 'CVE-') : text);

/** How an advisory's id starts, for patterns that take the rest loosely (a bracket of ids and a severity). */
const ADVISORY_ID_KINDS = ['CVE', 'GHSA', 'RUSTSEC', 'HSEC', 'PYSEC', 'YSA', 'GHSL', 'OSEC', 'TALOS'];
export const ADVISORY_ID_START = `(?:${ADVISORY_ID_KINDS.join('|')})-`;
const ADVISORY_ID_MARKS = ADVISORY_ID_KINDS.map((kind) => kind.toLowerCase());

/**
 * Whether the text could name an advisory: it holds how one of the ids starts, in any case. A cheap test before the
 * patterns that look for one, which most lines have none of.
 */
export function mayNameAdvisory(text: string): boolean {
  const lower = text.toLowerCase();
  return ADVISORY_ID_MARKS.some((mark) => lower.includes(mark));
}

/** A bracket of ids closing a told change ("… (CVE-2024-53986, GHSA-638j-pmjw-jq48)"), its contents captured. */
const CLOSING_ADVISORIES = new RegExp(String.raw`\s\((${ADVISORY_ID_START}[^()]*)\)$`, 'i');

/**
 * `words` (no stop after them) closing on a bracket of ids, with `ids` joined into that bracket before or after the ones
 * it holds; null where the words close on none.
 */
export function intoClosingIds(words: string, ids: string[], place: 'before' | 'after'): string | null {
  const closing = words.match(CLOSING_ADVISORIES);
  if (!closing) return null;
  const held = closing[1]!;
  return `${words.slice(0, closing.index)} (${(place === 'before' ? [...ids, held] : [held, ...ids]).join(', ')})`;
}
