import type { DnsResolver } from '../../../shared/net/doh';
import type { Finding } from './finding';
import { findingFrom, type Problem } from './problems';
import { joinTxt, parseTagList } from './txt';

/**
 * DKIM (RFC 6376): a domain's selectors cannot be listed, so the common ones of the big senders
 * are probed, with any the caller names. Each key found is read for its type and length.
 */

/** The selectors probed, by who uses them. Amazon SES's Easy DKIM uses random tokens: name them in `dkim_selectors`. */
export const COMMON_SELECTORS: Readonly<Record<string, readonly string[]>> = {
  'Google Workspace': ['google'],
  'Microsoft 365': ['selector1', 'selector2'],
  Mailchimp: ['k1', 'k2', 'k3'],
  SendGrid: ['s1', 's2', 'smtpapi'],
  'Amazon SES (legacy)': ['amazonses'],
  Postmark: ['pm'],
  Mailgun: ['mg', 'mailo', 'smtp', 'krs'],
  Zoho: ['zoho', 'zmail'],
  generic: ['default', 'dkim', 'mail', 'key1', 'selector'],
};

export function selectorsToProbe(extra: readonly string[]): string[] {
  return [...new Set([...extra.map((selector) => selector.toLowerCase()), ...Object.values(COMMON_SELECTORS).flat()])];
}

export const SELECTOR = /^[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?)*$/i;
const WEAK_BELOW = 1024;
const RECOMMENDED_BITS = 2048;

export interface DkimKey {
  selector: string;
  record: string;
  key_type: string;
  /** RSA modulus length in bits (256 for ed25519); null when the key cannot be read or is revoked. */
  bits: number | null;
  /** `t=y`: the domain says it is testing DKIM, and receivers may ignore failures. */
  testing: boolean;
  /** An empty `p=`: the key was withdrawn. */
  revoked: boolean;
  status: 'pass' | 'warn' | 'fail';
  note: string;
}

export type ParsedDkimKey = { ok: true; keyType: string; bits: number | null; revoked: boolean; testing: boolean } | { ok: false; error: string };

/** Reads a DKIM key record (RFC 6376 §3.6.1): `k=` (rsa by default), `p=` base64, empty when revoked. */
export function parseDkimKey(record: string): ParsedDkimKey {
  const tags = parseTagList(record);
  if (!tags) return { ok: false, error: 'the record is not a list of "tag=value" pairs' };
  const version = tags.get('v');
  if (version !== undefined && version !== 'DKIM1') return { ok: false, error: `"v=${version}" is not DKIM1` };
  const keyType = (tags.get('k') ?? 'rsa').toLowerCase();
  const publicKey = tags.get('p');
  if (publicKey === undefined) return { ok: false, error: 'the "p=" tag (the public key) is missing' };
  const testing = (tags.get('t') ?? '').split(':').some((flag) => flag.trim() === 'y');
  const base64 = publicKey.replace(/\s+/g, '');
  if (base64 === '') return { ok: true, keyType, bits: null, revoked: true, testing };
  let der: Uint8Array;
  try {
    der = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return { ok: false, error: 'the "p=" value is not base64' };
  }
  if (keyType === 'ed25519')
    return der.length === 32 ? { ok: true, keyType, bits: 256, revoked: false, testing } : { ok: false, error: 'an ed25519 key must be 32 bytes' };
  if (keyType !== 'rsa') return { ok: false, error: `"k=${keyType}" is not rsa or ed25519` };
  const bits = rsaModulusBits(der);
  return bits === null ? { ok: false, error: 'the "p=" value is not an RSA public key' } : { ok: true, keyType, bits, revoked: false, testing };
}

/** The modulus length of an RSA key in DER: SubjectPublicKeyInfo (what RFC 6376 asks for) or a bare RSAPublicKey. */
export function rsaModulusBits(der: Uint8Array): number | null {
  const outer = readTlv(der, 0);
  if (outer?.tag !== 0x30) return null;
  const first = readTlv(der, outer.start);
  if (!first) return null;
  let sequence = outer;
  if (first.tag === 0x30) {
    // SubjectPublicKeyInfo: AlgorithmIdentifier, then a BIT STRING holding RSAPublicKey.
    const bitString = readTlv(der, first.end);
    if (bitString?.tag !== 0x03) return null;
    const inner = readTlv(der, bitString.start + 1);
    if (inner?.tag !== 0x30) return null;
    sequence = inner;
  }
  const modulus = readTlv(der, sequence.start);
  if (modulus?.tag !== 0x02) return null;
  let start = modulus.start;
  while (start < modulus.end && der[start] === 0) start += 1;
  if (start >= modulus.end) return null;
  return (modulus.end - start - 1) * 8 + (32 - Math.clz32(der[start]!));
}

function readTlv(der: Uint8Array, offset: number): { tag: number; start: number; end: number } | null {
  if (offset + 2 > der.length) return null;
  const tag = der[offset]!;
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    if (octets === 0 || octets > 3 || start + octets > der.length) return null;
    length = 0;
    for (let index = 0; index < octets; index++) length = length * 256 + der[start + index]!;
    start += octets;
  }
  return start + length > der.length ? null : { tag, start, end: start + length };
}

export interface DkimDetails {
  selectors_probed: string[];
  keys: DkimKey[];
  /** Selectors whose look-up failed; a key may hide there. */
  failed_selectors: string[];
}

const EXPLANATION =
  'DKIM signs each message so receivers can tell it was not forged or altered; Gmail and Yahoo require it of bulk senders, aligned with the From domain for DMARC. Keys under 1024 bits are refused by major receivers and can be factored; 2048 bits is the current recommendation.';

export async function checkDkim(resolver: DnsResolver, domain: string, extraSelectors: readonly string[]): Promise<Finding<DkimDetails>> {
  const selectors = selectorsToProbe(extraSelectors);
  const answers = await Promise.all(selectors.map((selector) => resolver.query(`${selector}._domainkey.${domain}`, 'TXT')));
  const keys: DkimKey[] = [];
  const failed: string[] = [];
  for (const [index, answer] of answers.entries()) {
    const selector = selectors[index]!;
    if (answer.status === 'failed') failed.push(selector);
    // A record without "p=" and without "v=DKIM1" is some other TXT that happens to live there.
    for (const record of answer.data.map(joinTxt).filter((text) => /(?:^|;)\s*(?:v\s*=\s*DKIM1|p\s*=)/i.test(text))) keys.push(assessKey(selector, record));
  }
  return summarize(domain, selectors, keys, failed);
}

function assessKey(selector: string, record: string): DkimKey {
  const parsed = parseDkimKey(record);
  const key = { selector, record, testing: false, revoked: false, bits: null as number | null, key_type: 'rsa' };
  if (!parsed.ok) return { ...key, status: 'fail', note: `Unreadable: ${parsed.error}.` };
  Object.assign(key, { key_type: parsed.keyType, bits: parsed.bits, testing: parsed.testing, revoked: parsed.revoked });
  if (parsed.revoked) return { ...key, status: 'warn', note: 'Revoked (empty p=): mail signed with this selector fails DKIM.' };
  if (parsed.bits !== null && parsed.keyType === 'rsa' && parsed.bits < WEAK_BELOW)
    return { ...key, status: 'fail', note: `${parsed.bits}-bit RSA: too weak; receivers treat its signatures as absent.` };
  if (parsed.bits !== null && parsed.keyType === 'rsa' && parsed.bits < RECOMMENDED_BITS)
    return { ...key, status: 'warn', note: `${parsed.bits}-bit RSA: accepted today, weaker than the recommended ${RECOMMENDED_BITS}.` };
  if (parsed.testing) return { ...key, status: 'warn', note: 't=y: testing mode; receivers may ignore failures.' };
  return { ...key, status: 'pass', note: parsed.keyType === 'ed25519' ? 'ed25519 key.' : `${parsed.bits}-bit RSA.` };
}

function summarize(domain: string, selectors: string[], keys: DkimKey[], failed: string[]): Finding<DkimDetails> {
  const details: DkimDetails = { selectors_probed: selectors, keys, failed_selectors: failed };
  const problems: Problem[] = [];
  const name = (key: DkimKey) => `${key.selector}._domainkey.${domain}`;
  const onlyTesting = (key: DkimKey) => key.testing && (key.bits ?? 0) >= RECOMMENDED_BITS;
  const replace = keys.filter((key) => key.status !== 'pass' && !key.revoked && !onlyTesting(key));
  const rotate = `Generate a ${RECOMMENDED_BITS}-bit RSA key in your sending service, publish it as TXT at a new selector (e.g. s${new Date().getUTCFullYear()}._domainkey.${domain}: "v=DKIM1; k=rsa; p=<base64 public key>"), sign with it, then empty the p= of ${replace.map(name).join(' and ')}.`;
  for (const key of keys.filter((key) => key.status !== 'pass')) {
    let fix = rotate;
    if (key.revoked) fix = `Nothing to do if ${key.selector} is retired; if mail is still signed with it, publish its public key again at ${name(key)}.`;
    else if (onlyTesting(key)) fix = `Remove "t=y" from ${name(key)}.`;
    problems.push({ status: key.status as 'warn' | 'fail', text: `${name(key)}: ${key.note}`, fix });
  }
  if (keys.length === 0 && failed.length > 0) {
    problems.push({ status: 'unknown', text: `No DKIM key found, and ${failed.length} selector look-ups failed.`, fix: null });
  } else if (keys.length === 0) {
    problems.push({
      status: 'warn',
      text: `No DKIM key at the ${selectors.length} common selectors probed. A key may exist under another selector: name it in dkim_selectors.`,
      fix: `Turn on DKIM signing in each service that sends as ${domain} and publish the TXT (or CNAME) record it gives you at <selector>._domainkey.${domain}.`,
    });
  }
  // A usable key alongside weak or revoked ones: the weak ones still count, but one good key is the main thing.
  const usable = keys.filter((key) => key.status === 'pass');
  return findingFrom({
    passSummary: `${usable.length} DKIM key${usable.length === 1 ? '' : 's'} found: ${usable.map((key) => `${key.selector} (${key.note.replace(/\.$/, '')})`).join(', ')}.`,
    problems,
    records: keys.map((key) => `${key.selector}._domainkey.${domain}: ${key.record}`),
    explanation: EXPLANATION,
    details,
  });
}
