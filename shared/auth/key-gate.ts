import { DurableObject } from 'cloudflare:workers';
import type { Entitlement } from './principal';
import { withinDeadline } from '../db/deadline';
import { isDatabaseUnavailable } from '../db/errors';

export const KEY_RATE_LIMIT = 60;
export const KEY_RATE_WINDOW_MS = 60_000;
/** How long a key record (scopes, plan) is trusted before it is read again; revocation is immediate. */
const RECORD_TTL_MS = 60_000;
/** Unknown keys are remembered briefly so guessing does not turn into database load. */
const UNKNOWN_TTL_MS = 10_000;
/**
 * The rate-limit window is written to storage with every this-many admissions: a restart (a
 * deploy, an eviction) forgets at most the five since the last write, which the key may then make
 * again within the minute; and a key costs at most 60 ÷ 6 = 10 writes a minute, whatever its traffic.
 */
const STORE_EVERY_ADMISSIONS = 6;

export interface GateKeyRecord {
  keyId: string;
  workspaceId: string;
  scopes: string[];
  expiresAt: number | null;
  entitlement: Entitlement;
  /** The key's workspace is suspended: the key is known but refused. */
  suspended?: boolean;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch milliseconds at which the window resets. */
  resetAt: number;
}

export type GateDecision =
  | { status: 'unknown' }
  /** The key had to be read and the database did not answer: neither admitted nor refused. */
  | { status: 'unavailable' }
  | { status: 'suspended' }
  | { status: 'admitted'; key: GateKeyRecord; rateLimit: RateLimitState }
  | { status: 'limited'; key: GateKeyRecord; rateLimit: RateLimitState };

/** A key record as read from the database, and when: what the gate trusts for RECORD_TTL_MS. */
interface CachedRecord {
  record: GateKeyRecord | null;
  loadedAt: number;
}

/**
 * Where the gate keeps its cached record in its own storage. An idle object is evicted after about
 * ten seconds, losing its memory; without this, each request of a key used less often than that
 * read the key from PostgreSQL again. Named with the record's shape: change the name when
 * GateKeyRecord changes, so a record stored by the code before a deploy is never read as the new one.
 */
const STORED_RECORD = 'record-v1';

/**
 * One Durable Object per API key (named by the key's SHA-256): it caches the key's record and
 * plan, and counts its rate limit, so authenticating and limiting a request is one hop and no
 * database query on the hot path. A Durable Object runs one request at a time between awaits, so
 * the count is exact under any concurrency.
 */
export abstract class KeyGate<Env> extends DurableObject<Env> {
  private cached: CachedRecord | undefined;
  private loading: Promise<GateKeyRecord | null> | undefined;
  /** Bumped by forget(), so a read that was in flight during a revocation is not cached. */
  private generation = 0;
  /** The admission times of the last minute; read from storage once after a restart. */
  private admitted: number[] | undefined;
  /** Admissions since the window was last stored. */
  private unstored = 0;

  /** Reads the key by hash with its workspace's entitlement; null when unknown or revoked. */
  protected abstract loadKey(hash: string): Promise<GateKeyRecord | null>;

  /** DATABASE_DEADLINE_MS of the Worker: how long requests wait on a read of the key. */
  protected abstract loadDeadlineMs(): number;

  async admit(hash: string, now: number = Date.now()): Promise<GateDecision> {
    let record: GateKeyRecord | null;
    try {
      record = await this.record(hash, now);
    } catch (error) {
      // An RPC error reaches the caller without its cause, so the outage is said here, in the decision.
      if (isDatabaseUnavailable(error)) return { status: 'unavailable' };
      throw error;
    }
    if (!record || (record.expiresAt !== null && record.expiresAt <= now)) return { status: 'unknown' };
    if (record.suspended) return { status: 'suspended' };

    // The admission times of the last minute: exactly 60 in any 60 seconds, with no burst of
    // twice the limit across the edge of a fixed window.
    const admitted = (this.admitted ?? this.ctx.storage.kv.get<number[]>('admitted') ?? []).filter((at) => at > now - KEY_RATE_WINDOW_MS);
    const allowed = admitted.length < KEY_RATE_LIMIT;
    if (allowed) {
      admitted.push(now);
      this.unstored += 1;
    }
    this.admitted = admitted;
    // The object answers one request at a time, so its memory is the exact count; storage only
    // carries the window over a restart. Written with every admission, it held each answer behind
    // a confirmed write (the output gate) and billed a row written per API call.
    if (this.unstored >= STORE_EVERY_ADMISSIONS) {
      this.ctx.storage.kv.put('admitted', admitted);
      this.unstored = 0;
    }
    const rateLimit = {
      limit: KEY_RATE_LIMIT,
      remaining: KEY_RATE_LIMIT - admitted.length,
      // When the oldest admission leaves the window, freeing a place (never empty: a refusal means 60 are in it).
      resetAt: admitted[0]! + KEY_RATE_WINDOW_MS,
    };
    return { status: allowed ? 'admitted' : 'limited', key: record, rateLimit };
  }

  /** Called when the key is revoked or changed, so the next request reads it again. */
  async forget(): Promise<void> {
    this.cached = undefined;
    this.ctx.storage.kv.delete(STORED_RECORD);
    this.loading = undefined;
    this.generation += 1;
  }

  private async record(hash: string, now: number): Promise<GateKeyRecord | null> {
    this.cached ??= this.ctx.storage.kv.get<CachedRecord>(STORED_RECORD);
    const ttl = this.cached?.record ? RECORD_TTL_MS : UNKNOWN_TTL_MS;
    if (this.cached && now - this.cached.loadedAt < ttl && !periodOver(this.cached.record, now)) return this.cached.record;
    // Concurrent first requests share one read instead of each querying the database, so the
    // deadline is the read's: every request waiting on it is answered (unavailable) when it passes,
    // however late it joined, and the next request after that starts a new read.
    const generation = this.generation;
    const loading = (this.loading ??= withinDeadline(this.loadKey(hash), this.loadDeadlineMs()));
    let record: GateKeyRecord | null;
    try {
      record = await loading;
    } finally {
      // A failed read is not kept either: the next request reads again, so the gate recovers.
      if (this.loading === loading) this.loading = undefined;
    }
    if (generation === this.generation) {
      this.cached = { record, loadedAt: now };
      this.ctx.storage.kv.put(STORED_RECORD, this.cached);
    }
    return record;
  }
}

/** A cached plan whose billing period has ended is read again, so the renewal and the new period's quotas apply at once. */
function periodOver(record: GateKeyRecord | null, now: number): boolean {
  const end = record?.entitlement.periodEnd;
  return end != null && end <= now;
}
