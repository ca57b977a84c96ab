import {
  classifyRcptReply,
  isLastReplyLine,
  parseEhlo,
  parseReply,
  type ClassifiedReply,
  type EhloCapabilities,
  type ObservedReply,
  type ReplyClassification,
  type SmtpCommand,
  type SmtpReply,
} from './smtp-reply';
import type { Wire } from './wire';

/**
 * One SMTP dialogue that asks a mail server about a mailbox without sending mail: greeting, EHLO,
 * STARTTLS when offered, MAIL FROM, RCPT TO the address, RCPT TO a random address at the same
 * domain (catch-all), QUIT. When the server offers PIPELINING (RFC 2920) MAIL, both RCPTs and
 * QUIT go out in one write, so the whole envelope costs one round trip.
 */

export interface SessionRequest {
  /** The MX host name: the TLS certificate is checked against it. */
  host: string;
  helloName: string;
  fromEmail: string;
  toEmail: string;
  /** An address at the same domain that should not exist, for the catch-all probe. */
  randomEmail: string;
  /**
   * `opportunistic`: STARTTLS when offered; `none`: never (a retry after a failed handshake);
   * `unverified`: STARTTLS without checking the certificate (a host that failed the check but
   * refuses plaintext); `implicit`: the connection is TLS already (port 465).
   */
  tls: 'opportunistic' | 'none' | 'unverified' | 'implicit';
  /** Per reply. */
  replyDeadline: () => number;
}

export type SessionResult =
  /** The server answered RCPT TO the address. */
  | { kind: 'rcpt'; reply: ClassifiedReply; catchAll: boolean | null; tls: boolean; pipelined: boolean }
  /** The server refused before RCPT TO: its greeting, EHLO, STARTTLS or MAIL FROM reply says why. */
  | { kind: 'refused'; reply: ClassifiedReply; tls: boolean; pipelined: boolean }
  /** STARTTLS was accepted but the handshake failed: retry in plaintext. */
  | { kind: 'tls_failed'; error: string };

/** The server closed the connection or broke the protocol in the middle of the dialogue. */
export class SessionDroppedError extends Error {
  override readonly name = 'SessionDroppedError';
}

const MAX_REPLY_LINES = 100;

export async function runSession(wire: Wire, request: SessionRequest): Promise<SessionResult> {
  let tls = request.tls === 'implicit';
  const read = async (command: SmtpCommand): Promise<ObservedReply> => ({ command, reply: await readReply(wire, request.replyDeadline()) });
  const send = (lines: string[]) => wire.write(lines.map((line) => `${line}\r\n`).join(''), request.replyDeadline());
  let pipelined = false;
  const refused = (observed: ObservedReply): SessionResult => ({ kind: 'refused', reply: { ...observed, classification: refusal(observed) }, tls, pipelined });

  const greeting = await read('greeting');
  if (greeting.reply.code !== 220) return refused(greeting);

  let hello = await greet(request, read, send);
  if ('refused' in hello) return refused(hello.refused);

  if ((request.tls === 'opportunistic' || request.tls === 'unverified') && hello.capabilities?.startTls) {
    await send(['STARTTLS']);
    const ready = await read('STARTTLS');
    // 454 "TLS not available": carry on in plaintext, as an MTA would.
    if (ready.reply.code === 220) {
      try {
        if (request.tls === 'unverified') await wire.startUnverifiedTls(request.host, request.replyDeadline());
        else wire.startTls(request.host);
        tls = true;
        hello = await greet(request, read, send);
      } catch (error) {
        return { kind: 'tls_failed', error: `the TLS handshake with ${request.host} failed (${(error as Error).message})` };
      }
      if ('refused' in hello) return refused(hello.refused);
    }
  }

  const mailFrom = `MAIL FROM:<${request.fromEmail}>`;
  const rcptTo = (address: string) => `RCPT TO:<${address}>`;
  pipelined = hello.capabilities?.pipelining === true;
  if (pipelined) {
    await send([mailFrom, rcptTo(request.toEmail), rcptTo(request.randomEmail), 'QUIT']);
  } else {
    await send([mailFrom]);
  }
  const mail = await read('MAIL FROM');
  if (mail.reply.code >= 300) return refused(mail);
  if (!pipelined) await send([rcptTo(request.toEmail)]);
  const target = await read('RCPT TO');
  const accepted = target.reply.code < 300;
  let catchAll: boolean | null = null;
  if (accepted) {
    if (!pipelined) await send([rcptTo(request.randomEmail)]);
    catchAll = await readCatchAll(wire, request);
  }
  if (!pipelined) await send(['QUIT']).catch(() => {});
  return { kind: 'rcpt', reply: { ...target, classification: classifyRcptReply(target.reply) }, catchAll, tls, pipelined };
}

/** EHLO, or HELO for a server that does not know EHLO; null capabilities after HELO. */
async function greet(
  request: SessionRequest,
  read: (command: SmtpCommand) => Promise<ObservedReply>,
  send: (lines: string[]) => Promise<void>,
): Promise<{ capabilities: EhloCapabilities | null } | { refused: ObservedReply }> {
  await send([`EHLO ${request.helloName}`]);
  const ehlo = await read('EHLO');
  if (ehlo.reply.code === 250) return { capabilities: parseEhlo(ehlo.reply) };
  // 500/502: command unknown; RFC 5321 §4.1.4 has the client fall back to HELO.
  if (ehlo.reply.code !== 500 && ehlo.reply.code !== 502) return { refused: ehlo };
  await send([`HELO ${request.helloName}`]);
  const helo = await read('HELO');
  return helo.reply.code === 250 ? { capabilities: null } : { refused: helo };
}

/** Whether the random address was accepted too; null when the answer says nothing (4xx, a drop). */
async function readCatchAll(wire: Wire, request: SessionRequest): Promise<boolean | null> {
  try {
    const reply = await readReply(wire, request.replyDeadline());
    if (reply.code < 300) return true;
    return reply.code >= 500 ? false : null;
  } catch {
    return null;
  }
}

async function readReply(wire: Wire, deadline: number): Promise<SmtpReply> {
  const lines: string[] = [];
  for (;;) {
    const line = await wire.readLine(deadline);
    lines.push(line);
    if (isLastReplyLine(line)) return parseReply(lines);
    if (lines.length >= MAX_REPLY_LINES || !/^\d{3}-/.test(line)) {
      throw new SessionDroppedError(`the server sent a malformed reply: ${JSON.stringify(line.slice(0, 80))}`);
    }
  }
}

/**
 * A refusal before RCPT TO is about us (our address, name or IP), never about the mailbox: a 4xx
 * keeps its class (greylisted, temporary), anything else is a block.
 */
function refusal({ command, reply }: ObservedReply): ReplyClassification {
  const { class: replyClass } = classifyRcptReply(reply);
  if (replyClass === 'greylisted' || replyClass === 'temporary') {
    return { class: replyClass, description: `The server deferred the check at ${command}; it asks to try again later.` };
  }
  return { class: 'blocked', description: `The server refused the check at ${command}, before the mailbox was named: it refused us, not the address.` };
}
