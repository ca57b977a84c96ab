import { getPublicSuffix } from 'tldts';
import { isIpLiteral } from '../../../shared/net/ip-ranges';

/**
 * The `domain` a caller asks about. Accepted: a host name of at least two labels, in ASCII or
 * Unicode; an internationalized name in either form (`bücher.example`, `xn--bcher-kva.example`) is
 * normalized to its ASCII (A-label) form, lower case, without a trailing dot, and that form is what
 * is checked and cached. Refused: IP addresses, URLs and addresses, labels over 63 octets, names
 * over 253, a bare public suffix (`co.uk`): nobody sends mail as those.
 */

const LDH_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
// ASCII the URL parser would reinterpret rather than refuse (`a%41.com`, `a/b`, `a@b`).
const NON_HOSTNAME_ASCII = /[\x00-\x2c\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]/;

export type DomainInput = { ok: true; ascii: string; unicode: string } | { ok: false; reason: string };

export function normalizeDomain(input: string): DomainInput {
  const raw = input.trim().replace(/\.$/, '');
  if (raw === '') return { ok: false, reason: 'is empty' };
  if (isIpLiteral(raw.replace(/^\[|\]$/g, ''))) return { ok: false, reason: 'is an IP address; give the domain mail is sent from' };
  if (raw.includes('@')) return { ok: false, reason: 'is an email address; give only the part after the @' };
  if (NON_HOSTNAME_ASCII.test(raw)) return { ok: false, reason: 'is not a domain name (letters, digits, hyphens and dots only)' };
  if (raw.split('.').some((label) => new TextEncoder().encode(label).length > 63)) return { ok: false, reason: 'has a label longer than 63 octets' };
  let ascii: string;
  try {
    // UTS #46 to ASCII through the runtime's URL parser (workerd has no punycode module).
    ascii = new URL(`http://${raw}`).hostname;
  } catch {
    return { ok: false, reason: 'is not a valid domain name' };
  }
  const labels = ascii.split('.');
  if (labels.some((label) => label.length > 63)) return { ok: false, reason: 'has a label longer than 63 octets' };
  if (ascii.length > 253) return { ok: false, reason: 'is longer than 253 octets' };
  if (labels.length < 2 || !labels.every((label) => LDH_LABEL.test(label)) || /^\d+$/.test(labels.at(-1)!))
    return { ok: false, reason: 'is not a valid domain name' };
  if (getPublicSuffix(ascii) === ascii) return { ok: false, reason: 'is a public suffix, not a domain anyone sends mail as' };
  const unicode = /^[\x00-\x7f]*$/.test(raw) ? ascii : raw.normalize('NFKC').toLowerCase();
  return { ok: true, ascii, unicode };
}
