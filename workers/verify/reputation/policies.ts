import { parseTagList } from './txt';

/** Pure readers of the MTA-STS (RFC 8461), TLS-RPT (RFC 8460) and BIMI records and of the MTA-STS policy file. */

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** `v=STSv1; id=20240101T000000;` (RFC 8461 §3.1). */
export function parseMtaStsRecord(record: string): Parsed<{ id: string }> {
  const tags = parseTagList(record);
  if (tags?.get('v') !== 'STSv1') return { ok: false, errors: ['The record must start with "v=STSv1;" followed by "id=…;".'] };
  const id = tags.get('id');
  if (!id || !/^[A-Za-z0-9]{1,32}$/.test(id)) return { ok: false, errors: ['"id=" must be 1 to 32 letters and digits, changed whenever the policy changes.'] };
  return { ok: true, value: { id } };
}

export interface MtaStsPolicy {
  mode: 'enforce' | 'testing' | 'none';
  mx: string[];
  max_age: number;
}

/** The policy file (RFC 8461 §3.2): `key: value` lines, CRLF or LF. */
export function parseMtaStsPolicy(text: string): Parsed<MtaStsPolicy> {
  const errors: string[] = [];
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    // Trimmed after matching: a lazy value before optional spaces backtracks cubically on a line of spaces a domain serves.
    const match = /^([A-Za-z0-9_]+):(.*)$/.exec(line);
    if (!match) {
      errors.push(`"${line.slice(0, 80)}" is not a "key: value" line.`);
      continue;
    }
    fields.set(match[1]!, [...(fields.get(match[1]!) ?? []), match[2]!.trim()]);
  }
  if (fields.get('version')?.[0] !== 'STSv1') errors.push('"version: STSv1" is missing.');
  const mode = fields.get('mode')?.[0];
  if (mode !== 'enforce' && mode !== 'testing' && mode !== 'none') errors.push('"mode:" must be enforce, testing or none.');
  const maxAge = Number(fields.get('max_age')?.[0]);
  if (!Number.isInteger(maxAge) || maxAge < 0 || maxAge > 31_557_600) errors.push('"max_age:" must be a whole number of seconds up to 31557600.');
  const mx = fields.get('mx') ?? [];
  if (mode !== 'none' && mx.length === 0) errors.push('No "mx:" line: with mode enforce or testing, every MX host must be listed.');
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { mode: mode as MtaStsPolicy['mode'], mx: mx.map((pattern) => pattern.toLowerCase()), max_age: maxAge } };
}

/** Whether `host` matches a policy's `mx:` pattern (a `*.` wildcard covers exactly one label, RFC 8461 §4.1). */
export function mxMatches(pattern: string, host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const wanted = pattern.toLowerCase().replace(/\.$/, '');
  if (!wanted.startsWith('*.')) return name === wanted;
  const dot = name.indexOf('.');
  return dot > 0 && name.slice(dot + 1) === wanted.slice(2);
}

/** `v=TLSRPTv1; rua=mailto:tls@example.com` (RFC 8460 §3). */
export function parseTlsRpt(record: string): Parsed<{ rua: string[] }> {
  const tags = parseTagList(record);
  if (tags?.get('v') !== 'TLSRPTv1') return { ok: false, errors: ['The record must start with "v=TLSRPTv1;".'] };
  const rua = (tags.get('rua') ?? '')
    .split(',')
    .map((uri) => uri.trim())
    .filter(Boolean);
  if (rua.length === 0) return { ok: false, errors: ['"rua=" (where reports go) is missing.'] };
  const bad = rua.filter((uri) => !/^mailto:[^@\s]+@[^@\s]+$/i.test(uri) && !/^https:\/\/\S+$/i.test(uri));
  if (bad.length > 0) return { ok: false, errors: bad.map((uri) => `"${uri}" is not a mailto: or https: address.`) };
  return { ok: true, value: { rua } };
}

export interface BimiRecord {
  /** The SVG logo's URL; null when the record declines BIMI (`l=` empty). */
  logo: string | null;
  /** The Verified or Common Mark Certificate's URL, when named. */
  certificate: string | null;
}

/** `v=BIMI1; l=https://…/logo.svg; a=https://…/vmc.pem` (BIMI draft §4.2). */
export function parseBimi(record: string): Parsed<BimiRecord> {
  const tags = parseTagList(record);
  if (tags?.get('v') !== 'BIMI1') return { ok: false, errors: ['The record must start with "v=BIMI1;".'] };
  const errors: string[] = [];
  const logo = tags.get('l') || null;
  const certificate = tags.get('a') || null;
  if (logo !== null && !/^https:\/\/\S+\.svg$/i.test(logo)) errors.push(`"l=${logo}" must be an https URL of an SVG file.`);
  if (certificate !== null && !/^https:\/\/\S+$/i.test(certificate)) errors.push(`"a=${certificate}" must be an https URL.`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { logo, certificate } };
}
