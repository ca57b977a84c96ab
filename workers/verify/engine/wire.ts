/**
 * One TCP connection as the SMTP and SOCKS5 code sees it: reads of exact byte counts and of
 * CRLF-terminated lines, each bounded by a deadline, over a socket that can be upgraded to TLS in
 * place. Bytes read ahead stay buffered across the two protocols (a proxy may send its CONNECT
 * reply and the server's greeting in one segment).
 */

import { startUnverifiedTls, type UnverifiedTls } from './unverified-tls';

/** Opens a plain TCP connection that can be upgraded to TLS: `cloudflare:sockets` in production. */
export type ConnectTcp = (address: string, port: number) => Socket;

/** `address:port` as people read it: an IPv6 address in brackets (`[2001:db8::25]:25`). */
export function endpoint(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

export class WireTimeoutError extends Error {
  override readonly name = 'WireTimeoutError';
}

export class WireClosedError extends Error {
  override readonly name = 'WireClosedError';
}

/** Longest line accepted: RFC 5321 §4.5.3.1.5 allows 512 octets for a reply line; servers exceed it a little. */
const MAX_LINE_OCTETS = 4096;

const encoder = new TextEncoder();
/** How long a closing connection waits for the server to end it (see close()). */
const CLOSE_GRACE_MS = 2_000;

// A socket's and its streams' `opened`, `closed` and `ready` promises reject when it fails; the
// failure is met where the wire reads or writes, not as an unhandled rejection.
function quiet(socket: Socket): Socket {
  socket.opened.catch(() => {});
  socket.closed.catch(() => {});
  return socket;
}

function readerOf(socket: Socket): ReadableStreamDefaultReader<Uint8Array> {
  const reader = socket.readable.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  reader.closed.catch(() => {});
  return reader;
}

function writerOf(socket: Socket): WritableStreamDefaultWriter<Uint8Array> {
  const writer = socket.writable.getWriter() as WritableStreamDefaultWriter<Uint8Array>;
  writer.closed.catch(() => {});
  writer.ready.catch(() => {});
  return writer;
}

export class Wire {
  private socket: Socket;
  /** Taken when first needed: see startTls. */
  private reader: ReadableStreamDefaultReader<Uint8Array> | null;
  private writer: WritableStreamDefaultWriter<Uint8Array>;
  private pending = new Uint8Array(0);
  /** The read outstanding, if any: workerd's socket takes one read at a time (see readToEnd). */
  private inflight: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  /** Set by the first close(). */
  private closing: Promise<void> | null = null;
  /** Upgraded to TLS, and nothing read through it yet: the handshake may still fail. */
  private tlsUnconfirmed = false;
  /** Set by startUnverifiedTls: reads and writes then go through this JavaScript TLS session. */
  private unverified: UnverifiedTls | null = null;

  private constructor(socket: Socket) {
    this.socket = quiet(socket);
    this.reader = readerOf(socket);
    this.writer = writerOf(socket);
  }

  /** Connects and waits for the connection to be established, within the deadline. */
  static async open(connectTcp: ConnectTcp, address: string, port: number, deadline: number): Promise<Wire> {
    const socket = connectTcp(address, port);
    const wire = new Wire(socket);
    try {
      await wire.before(socket.opened, deadline, `connecting to ${endpoint(address, port)}`);
    } catch (error) {
      await wire.close();
      throw error;
    }
    return wire;
  }

  async write(data: string | Uint8Array, deadline: number): Promise<void> {
    const bytes = typeof data === 'string' ? encoder.encode(data) : data;
    await this.before(this.unverified ? this.unverified.send(bytes) : this.writer.write(bytes), deadline, 'sending');
  }

  async readBytes(count: number, deadline: number): Promise<Uint8Array> {
    while (this.pending.length < count) await this.fill(deadline);
    const bytes = this.pending.slice(0, count);
    this.pending = this.pending.slice(count);
    return bytes;
  }

  /** The next line, without its CR LF (a bare LF is accepted too). */
  async readLine(deadline: number): Promise<string> {
    for (;;) {
      const newline = this.pending.indexOf(0x0a);
      if (newline >= 0) {
        const end = newline > 0 && this.pending[newline - 1] === 0x0d ? newline - 1 : newline;
        const line = new TextDecoder().decode(this.pending.slice(0, end));
        this.pending = this.pending.slice(newline + 1);
        return line;
      }
      if (this.pending.length > MAX_LINE_OCTETS) throw new WireClosedError(`a line longer than ${MAX_LINE_OCTETS} octets`);
      await this.fill(deadline);
    }
  }

  /**
   * Upgrades the connection to TLS (STARTTLS after a 220, or at once for implicit TLS), checking
   * the certificate against `serverName`. Bytes the server sent before the handshake are refused:
   * they would be plaintext injected into the encrypted session (CVE-2011-0411).
   */
  startTls(serverName: string): void {
    if (this.pending.length > 0) throw new WireClosedError('the server sent data before the TLS handshake');
    this.reader?.releaseLock();
    this.writer.releaseLock();
    this.socket = quiet(this.socket.startTls({ expectedServerHostname: serverName }));
    this.writer = writerOf(this.socket);
    // No reader until the first read: when the certificate check fails, workerd rejects the first
    // write and, if a reader is attached, also reports that rejection as unhandled. The client
    // speaks first after STARTTLS, so the write shows the failure before any read is needed.
    this.reader = null;
    this.tlsUnconfirmed = true;
  }

  /**
   * Upgrades to TLS without checking the certificate (see unverified-tls.ts), after STARTTLS,
   * and waits for the handshake. Only for a host whose certificate failed startTls's check.
   */
  async startUnverifiedTls(serverName: string, deadline: number): Promise<void> {
    if (this.pending.length > 0) throw new WireClosedError('the server sent data before the TLS handshake');
    const writer = this.writer;
    const session = await this.before(
      startUnverifiedTls(serverName, (bytes) => writer.write(bytes)),
      deadline,
      'starting TLS',
    );
    this.unverified = session;
    while (!session.ready) await this.fill(deadline);
  }

  /**
   * Ends the connection, and resolves once the socket is closed: an SMTP session's place at its
   * host (the MX host gate's lease) is given back only then. Our side is half-closed and whatever
   * the server still sends (the reply to QUIT, a pipelined reply not read) is read and dropped
   * until the server ends the connection, then the socket is closed: workerd was seen to leak
   * sockets closed with unread data under load. A server that holds on gets CLOSE_GRACE_MS.
   * Every call returns the same promise.
   */
  close(): Promise<void> {
    return (this.closing ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    // Closing a TLS socket whose handshake failed also makes workerd report the failure as an
    // unhandled rejection. Such a connection is dead already; the runtime releases it with the request.
    if (this.tlsUnconfirmed) return;
    // Not awaited: a write the server never takes would hold the close, and the lease, forever.
    this.writer.close().catch(() => {});
    await this.readToEnd(Date.now() + CLOSE_GRACE_MS);
    // After the grace the socket is closed under the outstanding read, which workerd reports as an
    // unhandled rejection of the read ("Stream was cancelled"): noise about a connection already gone.
    await this.socket.close().catch(() => {});
  }

  /**
   * Reads until the server ends the connection, or the deadline. workerd's socket takes one read
   * at a time, so a read left outstanding by a timeout is awaited rather than doubled.
   */
  private async readToEnd(deadline: number): Promise<void> {
    const reader = (this.reader ??= readerOf(this.socket));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = new Promise<'grace_over'>((resolve) => (timer = setTimeout(() => resolve('grace_over'), Math.max(0, deadline - Date.now()))));
    try {
      for (;;) {
        const read = this.inflight ?? this.track(reader.read());
        const result = await Promise.race([read.catch(() => ({ done: true as const })), graceOver]);
        if (result === 'grace_over' || result.done) return;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Notes `read` as outstanding until it settles, even when whoever awaited it gave up. */
  private track(read: Promise<ReadableStreamReadResult<Uint8Array>>): Promise<ReadableStreamReadResult<Uint8Array>> {
    this.inflight = read;
    const settled = () => {
      if (this.inflight === read) this.inflight = null;
    };
    read.then(settled, settled);
    return read;
  }

  private async fill(deadline: number): Promise<void> {
    this.reader ??= readerOf(this.socket);
    const read = this.track(this.reader.read());
    const { value, done } = await this.before(read, deadline, 'waiting for the server');
    if (done) throw new WireClosedError('the server closed the connection');
    this.tlsUnconfirmed = false;
    for (const chunk of this.unverified ? await this.decrypt(this.unverified, value) : [value]) {
      const joined = new Uint8Array(this.pending.length + chunk.length);
      joined.set(this.pending);
      joined.set(chunk, this.pending.length);
      this.pending = joined;
    }
  }

  private async decrypt(session: UnverifiedTls, bytes: Uint8Array): Promise<Uint8Array[]> {
    let plaintext: Uint8Array[];
    try {
      plaintext = await session.receive(bytes);
    } catch (error) {
      throw new WireClosedError(`TLS: ${(error as Error).message}`);
    }
    if (session.failure) throw new WireClosedError(`TLS: ${session.failure.message}`);
    return plaintext;
  }

  /** Settles with `promise`, or fails with WireTimeoutError at the deadline (the connection is then closed). */
  private before<T>(promise: Promise<T>, deadline: number, doing: string): Promise<T> {
    // Once the race is lost nobody awaits the original; it rejects when the socket closes.
    promise.catch(() => {});
    let timer: ReturnType<typeof setTimeout> | null = null;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          void this.close();
          reject(new WireTimeoutError(`timed out ${doing}`));
        },
        Math.max(0, deadline - Date.now()),
      );
    });
    return Promise.race([promise, timeout]).then(
      (value) => {
        if (timer) clearTimeout(timer);
        return value;
      },
      (error: unknown) => {
        if (timer) clearTimeout(timer);
        if (error instanceof WireTimeoutError) throw error;
        throw new WireClosedError(error instanceof Error ? error.message : String(error));
      },
    );
  }
}
