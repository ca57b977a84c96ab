import { env } from 'cloudflare:workers';
import { parseIPv6 } from '../../shared/net/ip-ranges';
import type { ConnectTcp } from '../../workers/verify/engine/wire';
import type { VerifyBindings } from '../../workers/verify/env';

/** Reading what the engine's local peers saw (test/node/fixtures/engine-peers.ts), from inside workerd. */

export interface PeerSession {
  fixture: string;
  port: number;
  /** Epoch ms, by the peers' clock (this machine's). */
  startedAt: number;
  /** When the server's end of the connection reached the client (fixtures behind the relay, such as linger); null before. */
  endedAt: number | null;
  hello: string | null;
  secure: boolean;
  mailFrom: string | null;
  rcptTo: string[];
}

/** SMTP sessions at the fixture MTAs that named `rcpt` in RCPT TO. */
export async function sessionsNaming(rcpt: string): Promise<PeerSession[]> {
  const response = await fetch(`${env.TEST_PEERS_CONTROL_URL}/sessions?rcpt=${encodeURIComponent(rcpt)}`);
  return ((await response.json()) as { sessions: PeerSession[] }).sessions;
}

/** Connections open at a fixture MTA now, and the most it ever had open at once. */
export async function fixtureConcurrency(fixture: string): Promise<{ open: number; max: number }> {
  const response = await fetch(`${env.TEST_PEERS_CONTROL_URL}/concurrency?fixture=${encodeURIComponent(fixture)}`);
  return (await response.json()) as { open: number; max: number };
}

/** DoH questions asked about `name`. */
export async function dnsQuestionsAbout(name: string): Promise<unknown[]> {
  const response = await fetch(`${env.TEST_PEERS_CONTROL_URL}/dns?name=${encodeURIComponent(name)}`);
  return ((await response.json()) as { questions: unknown[] }).questions;
}

/** Destinations the SOCKS5 proxies connected to. */
export async function socksConnections(): Promise<Array<{ address: string; port: number }>> {
  const response = await fetch(`${env.TEST_PEERS_CONTROL_URL}/socks`);
  return ((await response.json()) as { connections: Array<{ address: string; port: number }> }).connections;
}

export interface SocksProxies {
  open: { host: string; port: number };
  withPassword: { host: string; port: number; username: string; password: string };
}

export const socksProxies = (): SocksProxies => JSON.parse(env.TEST_SOCKS_PROXIES) as SocksProxies;

/** The IPv6 fixture MTAs' address (::1) and the free port they listen on (test/node/fixtures/engine-peers.ts). */
export const ipv6Mta = (): { address: string; smtpPort: number } => JSON.parse(env.TEST_IPV6_MTA) as { address: string; smtpPort: number };

/**
 * The engine's socket port as the test world routes it: ::1 port 25 goes to the IPv6 fixtures'
 * port, as the fixture SOCKS5 proxies forward it; everything else goes where it is addressed.
 */
export function testWorldTcp(connectTcp: ConnectTcp): ConnectTcp {
  const { smtpPort } = ipv6Mta();
  const loopback = parseIPv6('::1')!.join(':');
  return (address, port) => connectTcp(address, port === 25 && parseIPv6(address)?.join(':') === loopback ? smtpPort : port);
}

/** The verify Worker's bindings (the test Env merges both Workers', whose KEY_GATE types differ). */
export const verifyBindings = env as unknown as VerifyBindings;

/** A fresh address at a fixture domain: `user+<unique>@domain`, which the fixture MTAs read as `user`. */
export function uniqueAddress(user: string, domain: string): string {
  return `${user}+${crypto.randomUUID().slice(0, 8)}@${domain}`;
}
