import type { DnsResolver } from '../../../shared/net/doh';
import { isIpLiteral, isNonPublicAddress } from '../../../shared/net/ip-ranges';
import { assembleOutput, type StageResults } from './assemble';
import { findGravatar } from './avatar';
import { isDisposable, isRoleAccount } from './lists';
import { lookupMx, resolveHost, type MxLookup } from './mx';
import { hostDeadline, passesToNextHost, type HostAttempt, type HostOutcome } from './mx-attempts';
import type { CheckEmailOutput, CheckEmailRequest } from './output';
import { detectProvider, strictProviderRules, verifMethodField, type DetectedProvider } from './providers';
import { sandboxOutcome } from './sandbox';
import { MalformedReplyError, type ClassifiedReply } from './smtp-reply';
import { runSession, SessionDroppedError, type SessionResult } from './smtp-session';
import { socks5Connect, Socks5ProxyError, Socks5TargetError, type Socks5Proxy } from './socks5';
import { checkSyntax } from './syntax';
import type { SmtpOutcome, VerdictInput } from './verdict';
import { endpoint, Wire, WireClosedError, WireTimeoutError, type ConnectTcp } from './wire';

/**
 * One check, stage by stage: syntax → lists → MX (DNS over HTTPS) → provider and its rules →
 * SMTP (direct or through SOCKS5) → verdict. Every stage is bounded in time, and nothing about the
 * address or its servers makes it throw: what went wrong is in the output.
 */

/** Time budgets, in milliseconds. */
export interface CheckBudgets {
  /** One DNS query. */
  dnsMs: number;
  /** Opening one TCP connection (through the proxy, when there is one). */
  connectMs: number;
  /** Each SMTP reply, the greeting included: a tarpit that stalls longer is a timeout. */
  replyMs: number;
  /** The whole check. */
  totalMs: number;
  /** The avatar look-up, which runs beside the other stages. */
  avatarMs: number;
}

export const DEFAULT_BUDGETS: CheckBudgets = { dnsMs: 5_000, connectMs: 5_000, replyMs: 10_000, totalMs: 30_000, avatarMs: 3_000 };

export interface CheckEmailSettings {
  /** EHLO name when the request gives none. */
  helloName: string;
  /** MAIL FROM when the request gives none. */
  fromEmail: string;
  /** Whether MX hosts and proxies may resolve to loopback or private addresses (local development). */
  allowPrivateMx: boolean;
  gravatarUrl: string;
  /** The proxy used when the request names none; null to connect directly. */
  defaultProxy: CheckEmailRequest['proxy'] | null;
  budgets: CheckBudgets;
}

/** Everything the engine needs from the outside world; built by engineDeps in production and tests. */
export interface CheckEmailDeps {
  resolver: DnsResolver;
  /** Plain TCP that can be upgraded to TLS: `cloudflare:sockets`. */
  connectTcp: ConnectTcp;
  /** The HTTP port (Gravatar). */
  fetch: typeof fetch;
  /** Epoch milliseconds. */
  now: () => number;
  settings: CheckEmailSettings;
  /** Called before each SMTP session with the MX host; resolves to a release function, called when the session ends. */
  acquireSmtpSession?: (mxHost: string) => Promise<() => void>;
}

export interface CheckOutcome {
  output: CheckEmailOutput;
  /** The MX host the SMTP session talked to (a sandbox check's made-up `mx.sandbox.invalid`), or null when none was reached (per-provider latency reports use it). */
  mxHost: string | null;
  /** Whether trying again later could change an `unknown` result: greylisting and other 4xx replies, timeouts, connection failures. False for a final answer. */
  retryable: boolean;
  /** Milliseconds the check took in all. */
  durationMs: number;
}

/** One full check; handles `request.sandbox` itself (no I/O, deterministic, via sandbox.ts). Never throws for a problem with the address or its servers: that is in the output. */
export async function checkEmail(request: CheckEmailRequest, deps: CheckEmailDeps): Promise<CheckOutcome> {
  const startedAt = deps.now();
  if (request.sandbox) return { ...sandboxOutcome(request.to_email, new Date(startedAt)), durationMs: 0 };
  const deadline = startedAt + deps.settings.budgets.totalMs;
  const syntax = checkSyntax(request.to_email);
  const verdictInput: VerdictInput = {
    syntaxValid: syntax.is_valid_syntax,
    isDisposable: syntax.is_valid_syntax && isDisposable(syntax.domain),
    isRoleAccount: syntax.is_valid_syntax && isRoleAccount(syntax.username),
  };
  const stages: StageResults = {
    input: request.to_email,
    syntax,
    verdictInput,
    mxRecords: [],
    isB2c: false,
    gravatarUrl: null,
    smtp: { reply: null, mxHost: null, port: null, tls: false, pipelining: false, error: null, attempts: [] },
    serverName: deps.settings.helloName,
    startedAt,
    endedAt: startedAt,
    sandbox: false,
  };
  let retryable = false;
  if (syntax.is_valid_syntax) {
    const avatar = request.check_avatar ? findGravatar(deps.fetch, deps.settings.gravatarUrl, syntax.address!, deps.settings.budgets.avatarMs) : null;
    retryable = await checkDomain(request, deps, stages, syntax.domain, deadline);
    stages.gravatarUrl = avatar ? await avatar : null;
  }
  stages.endedAt = deps.now();
  const output = assembleOutput(stages);
  return {
    output,
    mxHost: stages.smtp.mxHost,
    retryable: output.is_reachable === 'unknown' && retryable,
    durationMs: stages.endedAt - startedAt,
  };
}

/** The MX, provider and SMTP stages; fills `stages` in and says whether a retry could help. */
async function checkDomain(request: CheckEmailRequest, deps: CheckEmailDeps, stages: StageResults, domain: string, deadline: number): Promise<boolean> {
  const { verdictInput } = stages;
  const mx = await lookupMx(deps.resolver, domain);
  verdictInput.mx = mx.outcome;
  stages.mxRecords = mx.records;
  if (mx.outcome === 'lookup_failed') {
    stages.smtp.error = mx.error;
    return true;
  }
  if (mx.outcome !== 'mx' && mx.outcome !== 'implicit_mx') return false;

  const provider = detectProvider(mx.hosts[0]!, domain);
  verdictInput.provider = provider;
  stages.isB2c = provider.isB2c;
  if (request.strict_provider_rules) {
    verdictInput.providerRules = strictProviderRules(provider, stages.syntax.username);
    if (!verdictInput.providerRules.ok) return false;
  }
  if (skipsSmtp(request, provider)) {
    verdictInput.smtp = { kind: 'skipped' };
    return false;
  }
  // The address as parsed: an internationalized domain in its ASCII form, as RCPT TO needs it.
  const smtp = await smtpStage(request, deps, mx, stages.syntax.address!, domain, deadline);
  verdictInput.smtp = smtp.outcome;
  stages.smtp = smtp.details;
  return smtp.retryable;
}

function skipsSmtp(request: CheckEmailRequest, provider: DetectedProvider): boolean {
  const field = verifMethodField(provider.provider);
  return field !== null && request[field] === 'skip';
}

/** RFC 3207 §4: "530 5.7.0 Must issue a STARTTLS command first". */
const STARTTLS_REQUIRED = 530;

interface SmtpStage {
  outcome: SmtpOutcome;
  details: StageResults['smtp'];
  retryable: boolean;
}

/** What one connection attempt gave: a dialogue's result, or why there was none. */
type Attempt =
  | { kind: 'session'; result: Exclude<SessionResult, { kind: 'tls_failed' }> }
  /** This host could not be reached: the next MX host may be. */
  | { kind: 'unreachable'; error: string }
  /** STARTTLS was accepted but the handshake failed: the same host in plaintext may answer. */
  | { kind: 'tls_failed'; error: string }
  | { kind: 'ended'; outcome: 'timeout' | 'dropped' | 'failed'; error: string };

/** A host's turn, as the stage's result would be if it were the last. */
interface Turn {
  attempt: HostAttempt;
  stage: SmtpStage;
}

/**
 * MX hosts in preference order (mx-attempts.ts): each gets its share of the time left, and a host
 * that says nothing about the mailbox passes to the next. A reply is final.
 */
async function smtpStage(
  request: CheckEmailRequest,
  deps: CheckEmailDeps,
  mx: MxLookup,
  toEmail: string,
  domain: string,
  deadline: number,
): Promise<SmtpStage> {
  const port = request.smtp_port;
  const details: StageResults['smtp'] = { reply: null, mxHost: null, port, tls: false, pipelining: false, error: null, attempts: [] };
  const proxySetting = request.proxy ?? deps.settings.defaultProxy;
  let proxy: Socks5Proxy | null = null;
  if (proxySetting) {
    const address = await safeAddress(deps, proxySetting.host);
    if (!address.ok) return { outcome: { kind: 'failed' }, details: { ...details, error: `The SOCKS5 proxy ${address.error}.` }, retryable: false };
    proxy = { address: address.address, port: proxySetting.port, username: proxySetting.username, password: proxySetting.password };
  }

  const attempts: HostAttempt[] = [];
  /** The last host that connected and then said nothing: the stage's result if no later host answers. */
  let silent: Turn | null = null;
  for (const [index, host] of mx.hosts.entries()) {
    const startedAt = deps.now();
    if (startedAt >= deadline) break;
    const turn = await hostTurn({ request, deps, host, port, proxy, toEmail, domain, deadline: hostDeadline(startedAt, deadline, mx.hosts.length - index) });
    turn.attempt.durationMs = deps.now() - startedAt;
    attempts.push(turn.attempt);
    if (!passesToNextHost(turn.attempt.outcome)) return withAttempts(turn.stage, attempts);
    if (turn.attempt.outcome === 'timeout' || turn.attempt.outcome === 'dropped') silent = turn;
  }
  const errors = attempts.map((attempt) => attempt.error).join('; ');
  if (silent) return withAttempts({ ...silent.stage, details: { ...silent.stage.details, error: errors } }, attempts);
  const timedOut = deps.now() >= deadline;
  return {
    outcome: { kind: timedOut ? 'timeout' : 'no_connect' },
    details: { ...details, error: errors || (timedOut ? 'The time for the check ran out.' : null), attempts },
    retryable: true,
  };
}

function withAttempts(stage: SmtpStage, attempts: HostAttempt[]): SmtpStage {
  return { ...stage, details: { ...stage.details, attempts } };
}

/** One MX host: resolve, connect (with the TLS fallbacks an MTA makes), talk. */
async function hostTurn(target: Omit<SessionTarget, 'address'>): Promise<Turn> {
  const { deps, host, port } = target;
  const details: StageResults['smtp'] = { reply: null, mxHost: null, port, tls: false, pipelining: false, error: null, attempts: [] };
  const turn = (
    address: string | null,
    outcome: HostOutcome,
    error: string | null,
    stage: Omit<SmtpStage, 'details'> & { details?: Partial<StageResults['smtp']> },
  ): Turn => ({
    attempt: { host, address, outcome, error, durationMs: 0 },
    stage: { outcome: stage.outcome, retryable: stage.retryable, details: { ...details, error, ...stage.details } },
  });
  const resolved = await safeAddress(deps, host);
  if (!resolved.ok) return turn(null, 'no_address', `${host} ${resolved.error}`, { outcome: { kind: 'no_connect' }, retryable: true });
  const { address } = resolved;

  const release = deps.acquireSmtpSession ? await deps.acquireSmtpSession(host) : () => {};
  let attempt: Attempt;
  let refusedPlaintext: { handshakeError: string; reply: ClassifiedReply } | null = null;
  try {
    const session = { ...target, address };
    attempt = await attemptSession(session, 'opportunistic');
    if (attempt.kind === 'tls_failed') {
      const handshakeError = attempt.error;
      attempt = await attemptSession(session, 'none');
      if (attempt.kind === 'session' && attempt.result.reply.reply.code === STARTTLS_REQUIRED) {
        // The host insists on TLS, and its certificate does not verify: as an MTA would, go on
        // over TLS without checking it (unverified-tls.ts).
        refusedPlaintext = { handshakeError, reply: attempt.result.reply };
        attempt = await attemptSession(session, 'unverified');
      }
    }
  } finally {
    release();
  }
  if (refusedPlaintext && attempt.kind !== 'session') {
    const { handshakeError, reply } = refusedPlaintext;
    const error = `${host} requires STARTTLS (${reply.reply.code} at ${reply.command} in plaintext); ${handshakeError}, and TLS without certificate verification failed too (${attempt.error})`;
    return turn(address, 'tls_unverifiable', error, { outcome: { kind: 'tls_unverifiable' }, retryable: false, details: { mxHost: host, reply } });
  }
  if (attempt.kind === 'unreachable' || attempt.kind === 'tls_failed') {
    return turn(address, 'unreachable', attempt.error, { outcome: { kind: 'no_connect' }, retryable: true });
  }
  if (attempt.kind === 'ended') {
    return turn(address, attempt.outcome, attempt.error, {
      outcome: { kind: attempt.outcome },
      retryable: attempt.outcome !== 'failed',
      details: { mxHost: host },
    });
  }
  const { result } = attempt;
  const reply: ClassifiedReply = result.reply;
  return turn(address, 'replied', null, {
    outcome: { kind: 'replied', rcpt: reply.classification.class, catchAll: result.kind === 'rcpt' ? result.catchAll : null },
    // A 4xx says "not now"; a 5xx is the server's final word.
    retryable: reply.reply.code >= 400 && reply.reply.code < 500,
    details: { mxHost: host, reply, tls: result.tls, pipelining: result.pipelined },
  });
}

interface SessionTarget {
  request: CheckEmailRequest;
  deps: CheckEmailDeps;
  host: string;
  address: string;
  port: number;
  proxy: Socks5Proxy | null;
  toEmail: string;
  domain: string;
  /** This host's deadline: its share of the check's time (mx-attempts.ts). */
  deadline: number;
}

/** One connection and dialogue. */
async function attemptSession(target: SessionTarget, startTls: 'opportunistic' | 'none' | 'unverified'): Promise<Attempt> {
  const { deps, host, address, port, proxy, deadline } = target;
  const budgets = deps.settings.budgets;
  const connectDeadline = Math.min(deps.now() + budgets.connectMs, deadline);
  let wire: Wire;
  try {
    wire = proxy
      ? await socks5Connect(deps.connectTcp, proxy, { address, port }, connectDeadline)
      : await Wire.open(deps.connectTcp, address, port, connectDeadline);
  } catch (error) {
    if (error instanceof Socks5ProxyError) return { kind: 'ended', outcome: 'failed', error: `${error.message}.` };
    const why = error instanceof Socks5TargetError ? error.message : `${host} (${endpoint(address, port)}) could not be reached: ${(error as Error).message}`;
    return { kind: 'unreachable', error: why };
  }
  try {
    // Implicit TLS (SMTPS, RFC 8314): the handshake comes before the greeting.
    if (port === 465) wire.startTls(host);
    const result = await runSession(wire, {
      host,
      helloName: target.request.hello_name ?? deps.settings.helloName,
      fromEmail: target.request.from_email ?? deps.settings.fromEmail,
      toEmail: target.toEmail,
      randomEmail: `${randomLocalPart()}@${target.domain}`,
      tls: port === 465 ? 'implicit' : startTls,
      replyDeadline: () => Math.min(deps.now() + budgets.replyMs, deadline),
    });
    return result.kind === 'tls_failed' ? { kind: 'tls_failed', error: result.error } : { kind: 'session', result };
  } catch (error) {
    if (error instanceof WireTimeoutError) return { kind: 'ended', outcome: 'timeout', error: `${host} ${error.message}.` };
    if (error instanceof WireClosedError || error instanceof SessionDroppedError || error instanceof MalformedReplyError) {
      return { kind: 'ended', outcome: 'dropped', error: `${host}: ${error.message}.` };
    }
    return { kind: 'ended', outcome: 'failed', error: `${host}: ${(error as Error).message}.` };
  } finally {
    await wire.close();
  }
}

type SafeAddress = { ok: true; address: string } | { ok: false; error: string };

/**
 * The address to connect to for a host, resolved here (never by the socket layer, so the address
 * checked is the address used) and refused when it is loopback, private, link-local or reserved,
 * unless local development allows it.
 */
async function safeAddress(deps: CheckEmailDeps, host: string): Promise<SafeAddress> {
  const literal = host.replace(/^\[|\]$/g, '');
  const resolved = isIpLiteral(literal) ? { ok: true as const, addresses: [literal] } : await resolveHost(deps.resolver, host);
  if (!resolved.ok) return resolved;
  const usable = deps.settings.allowPrivateMx ? resolved.addresses : resolved.addresses.filter((address) => !isNonPublicAddress(address));
  if (usable.length === 0) return { ok: false, error: `resolves only to private or reserved addresses (${resolved.addresses.join(', ')}), which are refused` };
  return { ok: true, address: usable[0]! };
}

function randomLocalPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((byte) => (byte % 36).toString(36)).join('');
}
