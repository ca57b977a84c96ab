import { parseIPv4, parseIPv6 } from '../../../shared/net/ip-ranges';

/** An address or CIDR range as a provider endpoint's `allowed_ips` holds it: `192.0.2.7`, `192.0.2.0/24`, `2001:db8::/32`. */
export interface IpRange {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

function toBits(address: string): { version: 4 | 6; bits: bigint } | null {
  const v4 = parseIPv4(address);
  if (v4) return { version: 4, bits: v4.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n) };
  const v6 = parseIPv6(address);
  if (!v6) return null;
  const bits = v6.reduce((sum, part) => (sum << 16n) | BigInt(part), 0n);
  // An IPv4-mapped IPv6 address (::ffff:192.0.2.7) is that IPv4 address.
  if (bits >> 32n === 0xffffn) return { version: 4, bits: bits & 0xffffffffn };
  return { version: 6, bits };
}

/** The range `text` names, or null when it is not an address or CIDR range (host bits set are refused). */
export function parseIpRange(text: string): IpRange | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const parsed = toBits(address);
  if (!parsed) return null;
  const width = parsed.version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (prefix > width) return null;
  const hostBits = BigInt(width - prefix);
  if ((parsed.bits & ((1n << hostBits) - 1n)) !== 0n) return null;
  return { version: parsed.version, base: parsed.bits, prefix };
}

export function ipInRanges(address: string, ranges: readonly IpRange[]): boolean {
  const parsed = toBits(address);
  if (!parsed) return false;
  return ranges.some((range) => {
    if (range.version !== parsed.version) return false;
    const shift = BigInt((range.version === 4 ? 32 : 128) - range.prefix);
    return parsed.bits >> shift === range.base >> shift;
  });
}
