import { checkUrl } from '../../../shared/net/ssrf';
import type { DnsResolver } from '../../../shared/net/doh';
import { resolveHost } from '../engine/mx';
import { type ConnectTcp, Wire } from '../engine/wire';
import type { PolicyFetcher } from './transport';

/**
 * Fetches an MTA-STS policy (RFC 8461 §3.3): `https://mta-sts.<domain>/.well-known/mta-sts.txt`,
 * port 443, no redirects, a certificate valid for that name. The name is resolved over DoH, the
 * addresses pass the shared SSRF guard, and the connection goes to the checked address itself
 * (`cloudflare:sockets`, TLS with the host name), so a second resolution cannot point it inward.
 */

const MAX_POLICY_OCTETS = 64 * 1024;

export function policyFetcher(options: {
  resolver: DnsResolver;
  connectTcp: ConnectTcp;
  allowPrivate: boolean;
  timeoutMs: number;
  now: () => number;
}): PolicyFetcher {
  return async (host) => {
    const deadline = options.now() + options.timeoutMs;
    const url = `https://${host}/.well-known/mta-sts.txt`;
    const resolved = await resolveHost(options.resolver, host);
    const check = await checkUrl(url, {
      allowPrivate: options.allowPrivate,
      protocols: ['https:'],
      resolve: async () => (resolved.ok ? resolved : { ok: false, reason: resolved.error }),
    });
    if (!check.ok) return { ok: false, error: `${host} ${check.reason}` };
    if (!resolved.ok) return { ok: false, error: `${host} ${resolved.error}` };
    let wire: Wire | null = null;
    let stage = 'connecting';
    try {
      wire = await Wire.open(options.connectTcp, resolved.addresses[0]!, 443, deadline);
      wire.startTls(host);
      // workerd reports a refused certificate on the first write after the handshake, as an opaque internal error.
      stage = 'tls';
      await wire.write(`GET /.well-known/mta-sts.txt HTTP/1.0\r\nHost: ${host}\r\nAccept: text/plain\r\nUser-Agent: verify-reputation\r\n\r\n`, deadline);
      stage = 'reading';
      return await readResponse(wire, deadline);
    } catch (error) {
      if (stage === 'tls') return { ok: false, error: `the TLS handshake failed: the server has no valid certificate for ${host}` };
      return { ok: false, error: error instanceof Error ? error.message : 'the connection failed' };
    } finally {
      await wire?.close();
    }
  };
}

/** An HTTP/1.0 response (so never chunked): status line, headers, then a body of Content-Length octets. */
async function readResponse(wire: Wire, deadline: number): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(await wire.readLine(deadline))?.[1];
  let length: number | null = null;
  let type = '';
  for (let line = await wire.readLine(deadline); line !== ''; line = await wire.readLine(deadline)) {
    const [name, ...rest] = line.split(':');
    const value = rest.join(':').trim();
    if (name?.toLowerCase() === 'content-length') length = Number(value);
    if (name?.toLowerCase() === 'content-type') type = value.toLowerCase();
  }
  // RFC 8461 §3.3: senders must not follow redirects, and the policy is text/plain.
  if (status !== '200')
    return { ok: false, error: `the server answered HTTP ${status ?? '(not HTTP)'}${status?.startsWith('3') ? ' (redirects are not followed)' : ''}` };
  if (!type.startsWith('text/plain')) return { ok: false, error: `the policy is served as ${type || 'no content type'}, not text/plain` };
  if (length === null || !Number.isInteger(length) || length > MAX_POLICY_OCTETS)
    return { ok: false, error: 'the response has no usable Content-Length (at most 64 KiB)' };
  return { ok: true, text: new TextDecoder().decode(await wire.readBytes(length, deadline)) };
}
