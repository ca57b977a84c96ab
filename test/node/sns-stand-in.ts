import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { SNS_CERT_PATH } from '../shared/sns';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/sns/${name}`, import.meta.url), 'utf8');

export interface SnsStandIn {
  url: string;
  close(): Promise<void>;
}

/**
 * Stands in for Amazon SNS's HTTPS hosts (`https://sns.<region>.amazonaws.com`), which the verify
 * Worker reaches through `SNS_ENDPOINT_OVERRIDE` in tests. It signs as SNS does, with a locally
 * generated key and certificate (fixtures/sns, `openssl req -x509 -newkey rsa:2048 -days 36500`):
 *
 *   GET  <SNS_CERT_PATH>                      the signing certificate (PEM)
 *   GET  /?Action=ConfirmSubscription&...     confirms a subscription, as SNS's SubscribeURL does
 *   GET  /confirmations                       `{ "confirmations": [{ "topicArn", "token" }] }`
 *   POST /publish?version=1|2                 the body is an SNS message without its signature;
 *                                             answers it signed (SHA1withRSA or SHA256withRSA)
 *
 * The string to sign is built here from SNS's documented field order, apart from the Worker's
 * own code, so a mistake in one does not hide in the other.
 */
export async function startSnsStandIn(): Promise<SnsStandIn> {
  const key = fixture('signing-key.pem');
  const certificate = fixture('signing-cert.pem');
  const confirmations: Array<{ topicArn: string | null; token: string | null }> = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://sns');
    if (request.method === 'GET' && url.pathname === SNS_CERT_PATH) {
      response.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(certificate);
    } else if (request.method === 'GET' && url.pathname === '/' && url.searchParams.get('Action') === 'ConfirmSubscription') {
      confirmations.push({ topicArn: url.searchParams.get('TopicArn'), token: url.searchParams.get('Token') });
      response
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult><SubscriptionArn>${url.searchParams.get('TopicArn')}:confirmed</SubscriptionArn></ConfirmSubscriptionResult></ConfirmSubscriptionResponse>`,
        );
    } else if (request.method === 'GET' && url.pathname === '/confirmations') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ confirmations }));
    } else if (request.method === 'POST' && url.pathname === '/publish') {
      const version = url.searchParams.get('version') === '2' ? '2' : '1';
      const message = JSON.parse(await readBody(request)) as Record<string, string>;
      const signer = createSign(version === '2' ? 'RSA-SHA256' : 'RSA-SHA1');
      signer.update(stringToSign(message), 'utf8');
      const signed = {
        ...message,
        SignatureVersion: version,
        Signature: signer.sign(key, 'base64'),
        SigningCertURL: message.SigningCertURL ?? `https://sns.us-west-2.amazonaws.com${SNS_CERT_PATH}`,
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signed));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * "Verifying the signatures of Amazon SNS messages" (docs.aws.amazon.com/sns/latest/dg/
 * sns-verify-signature-of-message.html): each name, a newline, its value, a newline, in this
 * order; a Notification signs Subject only when present, the confirmations sign SubscribeURL and Token.
 */
function stringToSign(message: Record<string, string>): string {
  const names =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return names
    .filter((name) => message[name] !== undefined)
    .map((name) => `${name}\n${message[name]}\n`)
    .join('');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
