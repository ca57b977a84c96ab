import type { SyntaxDetails } from './output';
import type { InvalidSyntaxReason } from './syntax-reasons';

/**
 * Syntax stage: parse and normalize one address, with no network. A mailbox as RFC 5321 allows it,
 * less address literals and non-ASCII local parts; the full rule is in docs/verify/single-checks.md
 * ("Syntax"). Control and invisible format characters are refused so that no CR LF reaches an SMTP
 * command and no two addresses look alike.
 */

const MAX_LOCAL_PART_OCTETS = 64;
const MAX_DOMAIN_OCTETS = 253;
const MAX_ADDRESS_OCTETS = 254;

const CONTROL_OR_FORMAT_CHARACTER = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*$/;
// qtextSMTP and quoted-pairSMTP of RFC 5321; an empty "" is refused (a null local part).
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])+"$/;
// ASCII that never belongs in a host name. Checked before the URL parser sees the name, because
// it would reinterpret some of it (`a%41.com` becomes `aa.com`, `a/b` a path).
const NON_HOSTNAME_ASCII = /[\x00-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/;
const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ALL_DIGITS = /^\d+$/;
// Dots other than U+002E that IDNA also treats as label separators.
const IDEOGRAPHIC_FULL_STOPS = /[\u3002\uff0e\uff61]/g;

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function checkSyntax(input: string): SyntaxDetails {
  const candidate = input.trim();
  if (candidate === '') return invalid('empty');
  if (CONTROL_OR_FORMAT_CHARACTER.test(candidate)) return invalid('control_character');
  // The last @: a quoted local part may itself contain one.
  const at = candidate.lastIndexOf('@');
  if (at < 0) return invalid('missing_at');
  const username = candidate.slice(0, at);
  const localPartProblem = checkLocalPart(username);
  if (localPartProblem) return invalid(localPartProblem);
  const domain = domainOf(candidate.slice(at + 1));
  if (typeof domain === 'string') return invalid(domain);
  if (username.length + 1 + domain.ascii.length > MAX_ADDRESS_OCTETS) return invalid('address_too_long');

  const { base, tag } = splitTag(username);
  const { popular } = domain;
  return {
    address: `${username}@${domain.ascii}`,
    domain: domain.ascii,
    is_valid_syntax: true,
    username,
    normalized_email: normalize(username, base, domain.ascii),
    suggestion: popular ? `${username}@${popular}` : null,
    domain_unicode: domain.unicode,
    base_username: base,
    tag,
    invalid_reason: null,
  };
}

function invalid(reason: InvalidSyntaxReason): SyntaxDetails {
  return {
    address: null,
    domain: '',
    is_valid_syntax: false,
    username: '',
    normalized_email: null,
    suggestion: null,
    domain_unicode: '',
    base_username: '',
    tag: null,
    invalid_reason: reason,
  };
}

function checkLocalPart(localPart: string): InvalidSyntaxReason | null {
  if (localPart === '') return 'empty_local_part';
  if (!ASCII_ONLY.test(localPart)) return 'non_ascii_local_part';
  // ASCII only by now, so characters are octets.
  if (localPart.length > MAX_LOCAL_PART_OCTETS) return 'local_part_too_long';
  if (!DOT_ATOM.test(localPart) && !QUOTED_STRING.test(localPart)) return 'invalid_local_part';
  return null;
}

/** Domains whose parse an isolate keeps; past it the copies are dropped and parsed again. */
const KNOWN_DOMAINS = 10_000;
const knownDomains = new Map<string, DomainDetails | InvalidSyntaxReason>();
type DomainDetails = { ascii: string; unicode: string; popular: string | null };

/**
 * The domain parsed with the popular domain it may be a typo of. A list, push or bulk job names a
 * few domains many times over, so each is parsed once per isolate (the URL parser and the typo
 * alignments are most of an address's syntax check).
 */
function domainOf(name: string): DomainDetails | InvalidSyntaxReason {
  let known = knownDomains.get(name);
  if (known === undefined) {
    const parsed = parseDomain(name);
    known = typeof parsed === 'string' ? parsed : { ...parsed, popular: suggestDomain(parsed.ascii) };
    if (knownDomains.size >= KNOWN_DOMAINS) knownDomains.clear();
    knownDomains.set(name, known);
  }
  return known;
}

function parseDomain(name: string): { ascii: string; unicode: string } | InvalidSyntaxReason {
  if (name.startsWith('[')) return 'domain_literal';
  if (name === '' || NON_HOSTNAME_ASCII.test(name)) return 'invalid_domain';
  let ascii: string;
  try {
    // IDNA to ASCII, case folded; workerd has no punycode module but its URL parser does UTS #46.
    ascii = new URL(`http://${name}`).hostname;
  } catch {
    return 'invalid_domain';
  }
  if (ascii.length > MAX_DOMAIN_OCTETS) return 'domain_too_long';
  const labels = ascii.split('.');
  const topLevel = labels.at(-1) ?? '';
  // Also refuses what the URL parser read as an IPv4 address (`0x7f.1` → `127.0.0.1`).
  if (labels.length < 2 || !labels.every((label) => LDH_LABEL.test(label)) || ALL_DIGITS.test(topLevel)) {
    return 'invalid_domain';
  }
  // The Unicode form is the name as typed, in canonical form; a name typed in ASCII (punycode
  // included) is kept as its ASCII form, since nothing here decodes punycode.
  const unicode = ASCII_ONLY.test(name) ? ascii : name.normalize('NFKC').replace(IDEOGRAPHIC_FULL_STOPS, '.').toLowerCase();
  return { ascii, unicode };
}

/** `jane+news` → base `jane`, tag `news` (sub-addressing, RFC 5233). Quoted local parts are left whole. */
function splitTag(username: string): { base: string; tag: string | null } {
  const plus = username.startsWith('"') ? -1 : username.indexOf('+');
  if (plus <= 0) return { base: username, tag: null };
  return { base: username.slice(0, plus), tag: username.slice(plus + 1) || null };
}

/**
 * The mailbox an address delivers to, as Reacher normalizes it: for Gmail without dots and
 * `+tag`, lower case, on gmail.com (Google documents that dots and tags are ignored and that
 * googlemail.com is the same service); for any other domain the address itself.
 */
function normalize(username: string, base: string, domain: string): string {
  if (GMAIL_DOMAINS.has(domain) && !username.startsWith('"')) {
    return `${base.toLowerCase().replaceAll('.', '')}@gmail.com`;
  }
  return `${username}@${domain}`;
}

/** Popular consumer domains a typo is compared with; short, so that a real domain is rarely "corrected". */
const POPULAR_DOMAINS = ['gmail.com', 'googlemail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'protonmail.com'];
/**
 * Real providers within one edit of a popular domain. The free-provider list cannot tell them
 * apart from typos: it also lists typo-squatting domains such as gmial.com.
 */
const REAL_LOOKALIKES = new Set(['mail.com', 'email.com', 'ymail.com']);

/**
 * The popular domain a two-label domain was most likely mistyped from: the name within one edit
 * (two for names of eight letters or more, where two slips are common), the suffix within one
 * (`.con`, `.co`, `.cm`). A transposition (`gmial`) counts as one edit.
 */
function suggestDomain(domain: string): string | null {
  if (POPULAR_DOMAINS.includes(domain) || REAL_LOOKALIKES.has(domain)) return null;
  const [name = '', suffix, ...rest] = domain.split('.');
  if (suffix === undefined || rest.length > 0) return null;
  let best: { domain: string; distance: number } | null = null;
  for (const popular of POPULAR_PARTS) {
    const suffixDistance = editDistance(suffix, popular.suffix, 1);
    if (suffixDistance === null) continue;
    const nameDistance = editDistance(name, popular.name, popular.name.length >= 8 ? 2 : 1);
    if (nameDistance === null) continue;
    if (best === null || nameDistance + suffixDistance < best.distance) best = { domain: popular.domain, distance: nameDistance + suffixDistance };
  }
  return best?.domain ?? null;
}

const POPULAR_PARTS = POPULAR_DOMAINS.map((domain) => {
  const [name = '', suffix = ''] = domain.split('.');
  return { domain, name, suffix };
});

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and adjacent
 * transpositions) when it is at most `bound`, else null. Every address of a list or push is
 * compared with each popular domain, so names whose lengths alone rule them out are not aligned,
 * and the alignment reuses three rows (a transposition looks two back) instead of allocating.
 */
function editDistance(a: string, b: string, bound: number): number | null {
  if (Math.abs(a.length - b.length) > bound) return null;
  let [before, previous, current] = alignmentRows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let distance = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) distance = Math.min(distance, before[j - 2]! + 1);
      current[j] = distance;
    }
    const done = before;
    before = previous;
    previous = current;
    current = done;
  }
  const distance = previous[b.length]!;
  return distance <= bound ? distance : null;
}

/** Rows wide enough for the longest popular domain's name or suffix, the `b` of every alignment. */
const alignmentWidth = Math.max(...POPULAR_PARTS.flatMap((popular) => [popular.name.length, popular.suffix.length])) + 1;
const alignmentRows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(alignmentWidth), new Int32Array(alignmentWidth), new Int32Array(alignmentWidth)];
