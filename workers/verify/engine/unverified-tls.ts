import { makeTLSClient, setCryptoImplementation, type Logger } from '@reclaimprotocol/tls';
import { webcryptoCrypto } from '@reclaimprotocol/tls/webcrypto';

/**
 * TLS without certificate verification, run in JavaScript over the raw socket: what an MTA does
 * for opportunistic STARTTLS (RFC 3207 §4.1: the certificate is not checked unless a policy such as
 * MTA-STS or DANE asks). workerd's own startTls always verifies, so a host that requires STARTTLS
 * and presents a self-signed or mismatched certificate could not be asked otherwise. Used only
 * after the verifying handshake failed; the client is `@reclaimprotocol/tls` (TLS 1.2 and 1.3,
 * ECDHE, AES-GCM and ChaCha20-Poly1305) on the runtime's WebCrypto. Nothing secret travels in an
 * SMTP verification session (no AUTH, no message), so an unauthenticated channel loses nothing.
 */

// A process-wide choice of the library's, not an I/O object: setting it again is harmless.
setCryptoImplementation(webcryptoCrypto);

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };

export interface UnverifiedTls {
  /** Feeds bytes read from the socket; returns the application data they completed. */
  receive(bytes: Uint8Array): Promise<Uint8Array[]>;
  /** Encrypts and sends application data. */
  send(data: Uint8Array): Promise<void>;
  /** Whether the handshake has finished. */
  readonly ready: boolean;
  /** Set when the handshake or a record failed (an alert, a bad record). */
  readonly failure: Error | null;
}

/** Starts a client handshake; `writeRaw` sends bytes on the socket. Drive it with receive() until `ready`. */
export async function startUnverifiedTls(serverName: string, writeRaw: (bytes: Uint8Array) => Promise<void>): Promise<UnverifiedTls> {
  let ready = false;
  let failure: Error | null = null;
  let received: Uint8Array[] = [];
  const client = makeTLSClient({
    host: serverName,
    verifyServerCertificate: false,
    logger: silent,
    write: ({ header, content }) => {
      const record = new Uint8Array(header.length + content.length);
      record.set(header);
      record.set(content, header.length);
      return writeRaw(record);
    },
    onHandshake: () => {
      ready = true;
    },
    onApplicationData: (plaintext) => {
      received.push(plaintext);
    },
    // Without an error the server closed the session (close_notify, after QUIT): data already
    // received stays readable, and the socket's end is seen by the next read.
    onTlsEnd: (error) => {
      if (error) failure = error;
    },
  });
  await client.startHandshake();
  return {
    get ready() {
      return ready;
    },
    get failure() {
      return failure;
    },
    async receive(bytes) {
      await client.handleReceivedBytes(bytes);
      const completed = received;
      received = [];
      return completed;
    },
    send: (data) => client.write(data),
  };
}
