import { DurableObject } from 'cloudflare:workers';

/**
 * One Durable Object per MX host: the SMTP sessions open to that host from every queue consumer
 * at once, held to a limit. A session holds a lease; the lease is released when the session ends,
 * and expires on its own after `leaseMs`, so a consumer that dies mid-session frees its place.
 * Leases are stored (an evicted object must not forget them); callers that find the host full
 * wait in order, and are admitted as places free, until `waitMs` runs out.
 *
 * A Durable Object runs one call at a time between awaits, and every read-modify-write of the
 * leases below is synchronous, so the count is exact under any number of concurrent callers.
 */

export const DEFAULT_LEASE_MS = 120_000;
export const DEFAULT_WAIT_MS = 30_000;

export interface AcquireOptions {
  /** Sessions allowed at once; each caller passes the configured limit. */
  limit: number;
  /** How long the lease lasts unless released first. */
  leaseMs?: number;
  /** How long to wait for a place; 0 answers at once. */
  waitMs?: number;
  /** The clock, in epoch ms (tests move it; production leaves it out). */
  now?: number;
}

export interface AcquireResult {
  granted: boolean;
  /** Leases held after this call, this one included when granted. */
  active: number;
}

interface Waiter {
  leaseId: string;
  limit: number;
  leaseMs: number;
  resolve: (result: AcquireResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

type Leases = Record<string, number>;

export class MxHostGate extends DurableObject {
  private waiters: Waiter[] = [];

  async acquire(leaseId: string, options: AcquireOptions): Promise<AcquireResult> {
    const now = options.now ?? Date.now();
    const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    const leases = this.liveLeases(now);
    if (leaseId in leases) return { granted: true, active: Object.keys(leases).length };
    // Waiters go first: a newcomer never overtakes callers already waiting for a place.
    if (this.waiters.length === 0 && Object.keys(leases).length < options.limit) return this.grant(leases, leaseId, now + leaseMs);
    const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
    if (waitMs <= 0) return { granted: false, active: Object.keys(leases).length };
    return new Promise<AcquireResult>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.leaseId !== leaseId);
        resolve({ granted: false, active: Object.keys(this.liveLeases(Date.now())).length });
      }, waitMs);
      this.waiters.push({ leaseId, limit: options.limit, leaseMs, resolve, timer });
    });
  }

  /** Ends a lease; releasing one that expired or was never granted changes nothing. */
  async release(leaseId: string, now: number = Date.now()): Promise<{ active: number }> {
    const leases = this.liveLeases(now);
    delete leases[leaseId];
    this.save(leases);
    this.admitWaiters(leases, now);
    return { active: Object.keys(this.liveLeases(now)).length };
  }

  /** Leases held now, for tests and diagnostics. */
  async active(now: number = Date.now()): Promise<number> {
    return Object.keys(this.liveLeases(now)).length;
  }

  /** Callers waiting for a place now, for tests and diagnostics. */
  async waiting(): Promise<number> {
    return this.waiters.length;
  }

  /** Wakes waiters when the earliest lease expires: the place of a consumer that died. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.admitWaiters(this.liveLeases(now), now);
    this.scheduleExpiry(this.liveLeases(now));
  }

  private liveLeases(now: number): Leases {
    const stored = this.ctx.storage.kv.get<Leases>('leases') ?? {};
    const live: Leases = {};
    for (const [id, expiresAt] of Object.entries(stored)) if (expiresAt > now) live[id] = expiresAt;
    if (Object.keys(live).length !== Object.keys(stored).length) this.save(live);
    return live;
  }

  private grant(leases: Leases, leaseId: string, expiresAt: number): AcquireResult {
    leases[leaseId] = expiresAt;
    this.save(leases);
    this.scheduleExpiry(leases);
    return { granted: true, active: Object.keys(leases).length };
  }

  private admitWaiters(leases: Leases, now: number): void {
    while (this.waiters.length > 0 && Object.keys(leases).length < this.waiters[0]!.limit) {
      const waiter = this.waiters.shift()!;
      clearTimeout(waiter.timer);
      waiter.resolve(this.grant(leases, waiter.leaseId, now + waiter.leaseMs));
    }
  }

  private save(leases: Leases): void {
    this.ctx.storage.kv.put('leases', leases);
  }

  private scheduleExpiry(leases: Leases): void {
    const earliest = Math.min(...Object.values(leases));
    if (Number.isFinite(earliest)) void this.ctx.storage.setAlarm(earliest);
  }
}

export class MxHostBusyError extends Error {
  override readonly name = 'MxHostBusyError';
}

/** MX host names compare case-insensitively and without the trailing dot DNS answers carry. */
export function mxHostKey(mxHost: string): string {
  return mxHost.toLowerCase().replace(/\.$/, '');
}

export interface SmtpSessionGate {
  /** What the engine calls before each SMTP session; the returned function ends the session's lease. */
  acquire: (mxHost: string) => Promise<() => void>;
  /** Resolves when every release has reached its gate; a consumer awaits it before it returns. */
  settled: () => Promise<void>;
}

export function smtpSessionGate(
  namespace: DurableObjectNamespace<MxHostGate>,
  limit: number,
  options: { leaseMs?: number; waitMs?: number } = {},
): SmtpSessionGate {
  const releases = new Set<Promise<unknown>>();
  return {
    async acquire(mxHost) {
      const host = mxHostKey(mxHost);
      const gate = namespace.get(namespace.idFromName(host));
      const leaseId = crypto.randomUUID();
      const result = await gate.acquire(leaseId, { limit, ...options });
      if (!result.granted) throw new MxHostBusyError(`${host} already has ${limit} SMTP sessions open; none ended in time.`);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const pending = gate.release(leaseId).catch(() => undefined);
        releases.add(pending);
        void pending.finally(() => releases.delete(pending));
      };
    },
    async settled() {
      await Promise.all([...releases]);
    },
  };
}
