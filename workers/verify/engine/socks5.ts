import { parseIPv4, parseIPv6 } from '../../../shared/net/ip-ranges';
import { endpoint, Wire, type ConnectTcp } from './wire';

/**
 * A SOCKS5 client (RFC 1928) with username/password authentication (RFC 1929), spoken over the
 * same TCP port as a direct connection. Workers cannot open port 25, so production SMTP goes
 * through such a proxy; TLS (STARTTLS or implicit) is then negotiated end to end through the tunnel.
 */

export interface Socks5Proxy {
  /** The proxy's IP address (resolved and checked by the caller). */
  address: string;
  port: number;
  username?: string;
  password?: string;
}

/** The proxy itself failed or refused us: trying another mail host through it will not help. */
export class Socks5ProxyError extends Error {
  override readonly name = 'Socks5ProxyError';
}

/** The proxy is fine but could not reach the destination: another mail host may work. */
export class Socks5TargetError extends Error {
  override readonly name = 'Socks5TargetError';
}

const VERSION = 0x05;
const NO_AUTHENTICATION = 0x00;
const USERNAME_PASSWORD = 0x02;
const NO_ACCEPTABLE_METHOD = 0xff;
const CONNECT = 0x01;
const ATYP_IPV4 = 0x01;
const ATYP_DOMAIN = 0x03;
const ATYP_IPV6 = 0x04;

// RFC 1928 §6 reply codes. 3–6 are about the destination; the rest about the proxy or our request.
const REPLIES: Record<number, string> = {
  1: 'general SOCKS server failure',
  2: 'connection not allowed by ruleset',
  3: 'network unreachable',
  4: 'host unreachable',
  5: 'connection refused',
  6: 'TTL expired',
  7: 'command not supported',
  8: 'address type not supported',
};
const TARGET_FAILURES = new Set([3, 4, 5, 6]);

/** Opens a tunnel through `proxy` to `target` and returns it, ready for the SMTP dialogue. */
export async function socks5Connect(connectTcp: ConnectTcp, proxy: Socks5Proxy, target: { address: string; port: number }, deadline: number): Promise<Wire> {
  let wire: Wire;
  try {
    wire = await Wire.open(connectTcp, proxy.address, proxy.port, deadline);
  } catch (error) {
    throw new Socks5ProxyError(`the SOCKS5 proxy ${endpoint(proxy.address, proxy.port)} could not be reached (${(error as Error).message})`);
  }
  try {
    await negotiate(wire, proxy, target, deadline);
    return wire;
  } catch (error) {
    await wire.close();
    if (error instanceof Socks5ProxyError || error instanceof Socks5TargetError) throw error;
    throw new Socks5ProxyError(`the SOCKS5 handshake failed (${(error as Error).message})`);
  }
}

async function negotiate(wire: Wire, proxy: Socks5Proxy, target: { address: string; port: number }, deadline: number): Promise<void> {
  const credentials = proxy.username !== undefined && proxy.password !== undefined;
  const methods = credentials ? [NO_AUTHENTICATION, USERNAME_PASSWORD] : [NO_AUTHENTICATION];
  await wire.write(Uint8Array.from([VERSION, methods.length, ...methods]), deadline);
  const [version, method] = await wire.readBytes(2, deadline);
  if (version !== VERSION) throw new Socks5ProxyError('the proxy does not speak SOCKS5');
  if (method === NO_ACCEPTABLE_METHOD || !methods.includes(method!)) {
    throw new Socks5ProxyError(credentials ? 'the proxy accepts none of our authentication methods' : 'the proxy requires a username and password');
  }
  if (method === USERNAME_PASSWORD) {
    const user = new TextEncoder().encode(proxy.username);
    const password = new TextEncoder().encode(proxy.password);
    await wire.write(Uint8Array.from([0x01, user.length, ...user, password.length, ...password]), deadline);
    const [, status] = await wire.readBytes(2, deadline);
    if (status !== 0x00) throw new Socks5ProxyError('the proxy refused the username and password');
  }

  await wire.write(Uint8Array.from([VERSION, CONNECT, 0x00, ...encodeAddress(target.address), target.port >> 8, target.port & 0xff]), deadline);
  const [replyVersion, reply, , boundType] = await wire.readBytes(4, deadline);
  if (replyVersion !== VERSION) throw new Socks5ProxyError('the proxy sent a malformed reply');
  if (reply !== 0x00) {
    const meaning = REPLIES[reply!] ?? `reply code ${reply}`;
    const message = `the proxy could not connect to ${endpoint(target.address, target.port)}: ${meaning}`;
    throw TARGET_FAILURES.has(reply!) ? new Socks5TargetError(message) : new Socks5ProxyError(message);
  }
  // The bound address and port, which nothing here needs.
  const boundLength = boundType === ATYP_IPV4 ? 4 : boundType === ATYP_IPV6 ? 16 : (await wire.readBytes(1, deadline))[0]!;
  await wire.readBytes(boundLength + 2, deadline);
}

/** The destination as RFC 1928 §5 writes it: ATYP, then 4 octets (IPv4), 16 (IPv6) or a length-prefixed name. */
export function encodeAddress(address: string): number[] {
  const v4 = parseIPv4(address);
  if (v4) return [ATYP_IPV4, ...v4];
  const v6 = parseIPv6(address);
  if (v6) return [ATYP_IPV6, ...v6.flatMap((group) => [group >> 8, group & 0xff])];
  const name = new TextEncoder().encode(address);
  return [ATYP_DOMAIN, name.length, ...name];
}
