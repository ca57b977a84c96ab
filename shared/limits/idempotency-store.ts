import { DurableObject } from 'cloudflare:workers';

/** Records are kept this long; a key reused later starts afresh. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A first request still unfinished after this long is presumed dead, so a retry may run. */
const IN_PROGRESS_STALE_MS = 60_000;
/** How long a concurrent duplicate waits for the first request's answer. */
const WAIT_FOR_FIRST_MS = 30_000;

export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

export type IdempotencyDecision = { kind: 'execute' } | { kind: 'replay'; response: StoredResponse } | { kind: 'mismatch' } | { kind: 'in_progress' };

interface IdempotencyRecord {
  fingerprint: string;
  startedAt: number;
  response?: StoredResponse;
}

/**
 * One Durable Object per (workspace, operation, Idempotency-Key). Because a Durable Object handles
 * its calls one at a time, exactly one of any number of concurrent duplicates is told to execute;
 * the others wait here for its response and replay it.
 */
export class IdempotencyStore extends DurableObject {
  private waiters: Array<() => void> = [];

  async begin(fingerprint: string, now: number = Date.now()): Promise<IdempotencyDecision> {
    const deadline = now + WAIT_FOR_FIRST_MS;
    for (;;) {
      const record = this.current(Date.now());
      if (!record || (!record.response && Date.now() - record.startedAt > IN_PROGRESS_STALE_MS)) {
        this.ctx.storage.kv.put<IdempotencyRecord>('record', { fingerprint, startedAt: Date.now() });
        await this.ctx.storage.setAlarm(Date.now() + IDEMPOTENCY_TTL_MS);
        return { kind: 'execute' };
      }
      if (record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (record.response) return { kind: 'replay', response: record.response };
      if (Date.now() >= deadline) return { kind: 'in_progress' };
      await this.nextChange(deadline - Date.now());
    }
  }

  async complete(fingerprint: string, response: StoredResponse): Promise<void> {
    const record = this.ctx.storage.kv.get<IdempotencyRecord>('record');
    if (record?.fingerprint === fingerprint) this.ctx.storage.kv.put('record', { ...record, response });
    this.wake();
  }

  /** The first request failed in a way worth retrying: forget it so the next attempt runs. */
  async abandon(fingerprint: string): Promise<void> {
    if (this.ctx.storage.kv.get<IdempotencyRecord>('record')?.fingerprint === fingerprint) this.ctx.storage.kv.delete('record');
    this.wake();
  }

  override async alarm(): Promise<void> {
    this.ctx.storage.kv.delete('record');
  }

  private current(now: number): IdempotencyRecord | undefined {
    const record = this.ctx.storage.kv.get<IdempotencyRecord>('record');
    return record && now - record.startedAt < IDEMPOTENCY_TTL_MS ? record : undefined;
  }

  private nextChange(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}
