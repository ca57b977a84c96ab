import { z } from 'zod';

/**
 * What travels on the bulk queue. A job is created with its tasks in the database and a few
 * `dispatch` messages, each covering a range of positions; a dispatch sends one `check` message
 * per open task in its range. So creating a job of any size is one queue call, and the queue's
 * retries and dead-letter queue apply to each address on its own.
 */
export const DISPATCH_RANGE = 500;

const jobId = z.number().int().min(1).max(2_147_483_647);
const position = z.number().int().min(0);
const int64 = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const bulkMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('dispatch'), jobId, from: position, to: position }),
  z.object({ type: z.literal('check'), jobId, position }),
  // Pipelines (workers/verify/pipelines): start the runs a pipeline's waiting rows make and
  // execute them, execute a run started elsewhere, and deliver a run's verified rows (or retry one
  // delivery).
  z.object({ type: z.literal('pipeline_flush'), pipelineId: int64 }),
  z.object({ type: z.literal('pipeline_execute'), runId: int64 }),
  z.object({ type: z.literal('pipeline_deliver'), runId: int64 }),
]);

export type BulkMessage = z.infer<typeof bulkMessageSchema>;
export type CheckMessage = Extract<BulkMessage, { type: 'check' }>;
export type DispatchMessage = Extract<BulkMessage, { type: 'dispatch' }>;
export type PipelineMessage = Extract<BulkMessage, { type: 'pipeline_flush' | 'pipeline_execute' | 'pipeline_deliver' }>;

/** The dispatch messages covering positions [0, total). */
export function dispatchMessages(jobIdValue: number, total: number, from = 0): DispatchMessage[] {
  const messages: DispatchMessage[] = [];
  for (let start = from; start < total; start += DISPATCH_RANGE)
    messages.push({ type: 'dispatch', jobId: jobIdValue, from: start, to: Math.min(start + DISPATCH_RANGE, total) });
  return messages;
}

/** Queues take at most 100 messages per sendBatch call. */
export const SEND_BATCH_LIMIT = 100;

export async function sendAll<T>(queue: Queue<T>, bodies: readonly T[]): Promise<void> {
  for (let start = 0; start < bodies.length; start += SEND_BATCH_LIMIT) {
    await queue.sendBatch(bodies.slice(start, start + SEND_BATCH_LIMIT).map((body) => ({ body })));
  }
}
