import { readConfig } from '../../../shared/config';
import { dohResolver } from '../../../shared/net/doh';
import { verifyConfigSchema } from '../config';
import { type CheckEmailDeps, DEFAULT_BUDGETS } from '../engine/check-email';
import type { CheckEmailRequest } from '../engine/output';
import { cloudflareTcp } from '../engine/sockets';
import type { VerifyBindings } from '../env';

/** The engine's deps from the Worker's bindings and config: the engine itself reads neither. */
export function engineDeps(
  env: VerifyBindings,
  options: {
    /** Called before each SMTP session with the MX host; resolves to a release function, called when the session ends. Bulk passes a per-host Durable Object gate here. */
    acquireSmtpSession?: (mxHost: string) => Promise<() => void>;
  } = {},
): CheckEmailDeps {
  const config = readConfig(verifyConfigSchema, env);
  const fetcher: typeof fetch = (input, init) => fetch(input, init);
  return {
    resolver: dohResolver(config.DOH_URL, { timeoutMs: DEFAULT_BUDGETS.dnsMs, fetcher }),
    connectTcp: cloudflareTcp,
    fetch: fetcher,
    now: () => Date.now(),
    settings: {
      helloName: config.SMTP_HELLO_NAME,
      fromEmail: config.SMTP_FROM_EMAIL,
      allowPrivateMx: config.ALLOW_PRIVATE_MX === '1',
      gravatarUrl: config.GRAVATAR_URL,
      defaultProxy: config.SMTP_PROXY_URL ? parseProxyUrl(config.SMTP_PROXY_URL) : null,
      budgets: DEFAULT_BUDGETS,
    },
    acquireSmtpSession: options.acquireSmtpSession,
  };
}

/** `socks5://user:password@host:port` → the request's proxy shape. */
function parseProxyUrl(raw: string): NonNullable<CheckEmailRequest['proxy']> {
  const url = new URL(raw.replace(/^socks5:/, 'http:'));
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || 1080),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
  };
}
