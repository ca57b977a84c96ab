import { env } from 'cloudflare:workers';

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/** What the local webhook receiver (test/node/webhook-receiver.ts) recorded in `bucket`, oldest first. */
export async function receivedBy(bucket: string): Promise<ReceivedWebhook[]> {
  const response = await fetch(`${env.TEST_WEBHOOK_RECEIVER_URL}/hooks/${bucket}`);
  return ((await response.json()) as { requests: ReceivedWebhook[] }).requests;
}
