/**
 * Whether an IP address is one a user-supplied URL must never reach: private, loopback,
 * link-local (cloud metadata at 169.254.169.254 included), carrier-grade NAT, unspecified,
 * multicast, reserved, and the IPv6 equivalents, IPv4-mapped ones included.
 */
export function isNonPublicAddress(address: string): boolean {
  const v4 = parseIPv4(address);
  if (v4) return isNonPublicIPv4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return true;
  const mapped = v6.slice(0, 5).every((part) => part === 0) && v6[5] === 0xffff;
  if (mapped) return isNonPublicIPv4([v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff]);
  const [first = 0] = v6;
  return (
    v6.every((part) => part === 0) || // ::
    (v6.slice(0, 7).every((part) => part === 0) && v6[7] === 1) || // ::1
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && v6[1] === 0x0db8) || // documentation
    (first === 0x0064 && v6[1] === 0xff9b) // NAT64, which maps onto IPv4 we cannot see
  );
}

export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== undefined || parseIPv6(host.replace(/^\[|\]$/g, '')) !== undefined;
}

function isNonPublicIPv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

export function parseIPv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((byte) => byte <= 255) ? bytes : undefined;
}

export function parseIPv6(text: string): number[] | undefined {
  if (!text.includes(':')) return undefined;
  let head = text;
  let tail: number[] = [];
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const bytes = parseIPv4(v4[2]!);
    if (!bytes) return undefined;
    head = `${v4[1]}0:0`;
    tail = [(bytes[0]! << 8) | bytes[1]!, (bytes[2]! << 8) | bytes[3]!];
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : NaN)));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const groups = halves.length === 2 ? [...left, ...Array(8 - left.length - right.length).fill(0), ...right] : left;
  if (tail.length) groups.splice(groups.length - 2, 2, ...tail);
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0) ? groups : undefined;
}
