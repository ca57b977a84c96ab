import { DeliveryError, isRecord, text } from './event';
import { readCertificate, type CertificateKey } from './x509';

/**
 * Amazon SNS's HTTP(S) deliveries (docs.aws.amazon.com/sns/latest/dg/sns-message-and-json-formats.html)
 * and their signatures (…/sns-verify-signature-of-message.html). Every message is signed with
 * SHA1withRSA (SignatureVersion 1) or SHA256withRSA (2) by the key of the certificate at
 * `SigningCertURL`. That URL is trusted only on an SNS host over HTTPS (`sns.<region>.amazonaws.com`,
 * `.amazonaws.com.cn` in China), as AWS's own message validators do; the certificate's chain is not
 * walked (workerd has no X.509 path validation), so the host and TLS are the trust anchor.
 */

export const snsMessageTypes = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;

export interface SnsMessage {
  Type: (typeof snsMessageTypes)[number];
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  Subject?: string;
  SubscribeURL?: string;
  Token?: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
}

export function parseSnsMessage(payload: unknown): SnsMessage {
  if (!isRecord(payload) || !snsMessageTypes.includes(payload.Type as SnsMessage['Type'])) {
    throw new DeliveryError('malformed', 'Not an Amazon SNS message: `Type` must be Notification, SubscriptionConfirmation or UnsubscribeConfirmation.');
  }
  for (const name of ['MessageId', 'TopicArn', 'Message', 'Timestamp', 'Signature', 'SigningCertURL'] as const) {
    if (!text(payload[name])) throw new DeliveryError('malformed', `The SNS message has no ${name}.`);
  }
  if (payload.Type !== 'Notification' && (!text(payload.SubscribeURL) || !text(payload.Token))) {
    throw new DeliveryError('malformed', `A ${String(payload.Type)} message needs SubscribeURL and Token.`);
  }
  if (payload.SignatureVersion !== '1' && payload.SignatureVersion !== '2') {
    throw new DeliveryError('signature', `SignatureVersion ${JSON.stringify(payload.SignatureVersion)} is not one SNS uses (1 or 2).`);
  }
  return payload as unknown as SnsMessage;
}

/** The signed text: each field's name and value on lines of their own, in SNS's order, absent fields skipped. */
export function snsStringToSign(message: SnsMessage): string {
  const names =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : (['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const);
  return names
    .filter((name) => typeof message[name] === 'string')
    .map((name) => `${name}\n${message[name]}\n`)
    .join('');
}

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

/**
 * Where to fetch an SNS URL from the message (its certificate, its SubscribeURL): null unless it
 * is https on an SNS host. `override` (SNS_ENDPOINT_OVERRIDE, local only) replaces the origin,
 * keeping the path and query, after the check.
 */
export function snsFetchUrl(raw: string, override?: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !SNS_HOST.test(url.hostname) || url.port !== '' || url.username || url.password) return null;
  return override ? new URL(`${url.pathname}${url.search}`, override).toString() : url.toString();
}

export interface SnsPorts {
  fetch: (url: string) => Promise<Response>;
  /** SNS_ENDPOINT_OVERRIDE. */
  override?: string;
}

/**
 * Certificates by URL. SNS signs with a handful of certificates that change rarely, so an isolate
 * keeps the few it has read instead of fetching one for every delivery.
 */
const certificates = new Map<string, CertificateKey>();
const CERTIFICATES_KEPT = 16;

async function certificateAt(url: string, ports: SnsPorts): Promise<CertificateKey> {
  const known = certificates.get(url);
  if (known) return known;
  let response: Response;
  try {
    response = await ports.fetch(url);
  } catch {
    throw new DeliveryError('upstream', 'The SNS signing certificate could not be fetched.');
  }
  if (!response.ok) throw new DeliveryError('upstream', `Fetching the SNS signing certificate answered ${response.status}.`);
  const certificate = readCertificate(await response.text());
  if (!certificate) throw new DeliveryError('signature', 'SigningCertURL does not hold an X.509 certificate.');
  if (certificates.size >= CERTIFICATES_KEPT) certificates.delete(certificates.keys().next().value!);
  certificates.set(url, certificate);
  return certificate;
}

/** Throws unless the message is signed by the key of an SNS certificate valid at `now`. */
export async function verifySnsSignature(message: SnsMessage, ports: SnsPorts, now: Date): Promise<void> {
  const certUrl = snsFetchUrl(message.SigningCertURL, ports.override);
  if (!certUrl) throw new DeliveryError('signature', 'SigningCertURL is not an https URL on an Amazon SNS host (sns.<region>.amazonaws.com).');
  const certificate = await certificateAt(certUrl, ports);
  if (now < certificate.notBefore || now > certificate.notAfter) throw new DeliveryError('signature', 'The SNS signing certificate is not valid at this time.');
  const hash = message.SignatureVersion === '1' ? 'SHA-1' : 'SHA-256';
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = Uint8Array.from(atob(message.Signature), (char) => char.charCodeAt(0));
  } catch {
    throw new DeliveryError('signature', 'The SNS Signature is not base64.');
  }
  const key = await crypto.subtle.importKey('spki', certificate.spki, { name: 'RSASSA-PKCS1-v1_5', hash }, false, ['verify']).catch(() => {
    throw new DeliveryError('signature', 'The SNS signing certificate does not hold an RSA key.');
  });
  if (!(await crypto.subtle.verify('RSASSA-PKCS1-v1_5', key, signature, new TextEncoder().encode(snsStringToSign(message))))) {
    throw new DeliveryError('signature', 'The SNS signature does not match the message.');
  }
}

/** Confirms a subscription the way visiting its SubscribeURL does; SubscribeURL must be on an SNS host too. */
export async function confirmSnsSubscription(message: SnsMessage, ports: SnsPorts): Promise<void> {
  const url = snsFetchUrl(message.SubscribeURL ?? '', ports.override);
  if (!url) throw new DeliveryError('signature', 'SubscribeURL is not an https URL on an Amazon SNS host.');
  let response: Response;
  try {
    response = await ports.fetch(url);
  } catch {
    throw new DeliveryError('upstream', 'Amazon SNS could not be reached to confirm the subscription.');
  }
  // The body is SNS's XML receipt; only the status matters.
  await response.body?.cancel();
  if (!response.ok) throw new DeliveryError('upstream', `Amazon SNS answered ${response.status} to the subscription confirmation.`);
}
