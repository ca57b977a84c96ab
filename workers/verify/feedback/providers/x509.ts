/**
 * The two things SNS signature verification needs from an X.509 certificate (RFC 5280 §4.1): its
 * subject public key (as SPKI DER, which WebCrypto imports) and its validity period. A small DER
 * walk rather than a certificate library: nothing else of the certificate is read, and the trust
 * in it comes from where it was fetched (sns.ts), not from a chain.
 */

export interface CertificateKey {
  spki: Uint8Array<ArrayBuffer>;
  notBefore: Date;
  notAfter: Date;
}

interface Tlv {
  tag: number;
  /** Offset of the content in the buffer. */
  start: number;
  /** Offset just past the content. */
  end: number;
  /** Offset of the tag byte (the whole element is [header, end)). */
  header: number;
}

function readTlv(der: Uint8Array, at: number, limit: number): Tlv {
  if (at + 2 > limit) throw new Error('truncated');
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4 || start + bytes > limit) throw new Error('bad length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i]!;
    start += bytes;
  }
  if (start + length > limit) throw new Error('truncated');
  return { tag, start, end: start + length, header: at };
}

/** The elements inside a constructed one. */
function children(der: Uint8Array, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.start; at < parent.end; at = out.at(-1)!.end) out.push(readTlv(der, at, parent.end));
  return out;
}

const SEQUENCE = 0x30;
const UTC_TIME = 0x17;
const GENERALIZED_TIME = 0x18;

/** UTCTime `YYMMDDHHMMSSZ` (years 1950–2049) or GeneralizedTime `YYYYMMDDHHMMSSZ`, as RFC 5280 §4.1.2.5 requires them. */
function timeOf(der: Uint8Array, element: Tlv): Date {
  const text = new TextDecoder().decode(der.subarray(element.start, element.end));
  const match =
    element.tag === UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
      : element.tag === GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(text)
        : null;
  if (!match) throw new Error('bad time');
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const year = element.tag === UTC_TIME ? (y! >= 50 ? 1900 + y! : 2000 + y!) : y!;
  return new Date(Date.UTC(year, mo! - 1, d, h, mi, s));
}

/** Reads the first certificate of a PEM text; null when it is not a well-formed certificate. */
export function readCertificate(pem: string): CertificateKey | null {
  const body = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(pem)?.[1];
  if (!body) return null;
  try {
    const der = Uint8Array.from(atob(body.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
    const certificate = readTlv(der, 0, der.length);
    if (certificate.tag !== SEQUENCE) return null;
    const tbs = children(der, certificate)[0];
    if (tbs?.tag !== SEQUENCE) return null;
    const fields = children(der, tbs);
    // The version is an optional explicit [0] before the serial number.
    const rest = fields[0]?.tag === 0xa0 ? fields.slice(1) : fields;
    // serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo
    const validity = rest[3];
    const spki = rest[5];
    if (validity?.tag !== SEQUENCE || spki?.tag !== SEQUENCE) return null;
    const [notBefore, notAfter] = children(der, validity);
    if (!notBefore || !notAfter) return null;
    return { spki: der.slice(spki.header, spki.end), notBefore: timeOf(der, notBefore), notAfter: timeOf(der, notAfter) };
  } catch {
    return null;
  }
}
