import { checkSyntax } from '../engine/syntax';

/**
 * The pure rules of pipelines: their states, what a push accepts, when waiting rows become a
 * run, and the latency figures of a run. No I/O here.
 */

export const pipelineStatuses = ['active', 'paused'] as const;
export type PipelineStatus = (typeof pipelineStatuses)[number];

export type PipelineAction = 'pause' | 'resume';

const allowedFrom: Record<PipelineAction, PipelineStatus> = { pause: 'active', resume: 'paused' };
const leadsTo: Record<PipelineAction, PipelineStatus> = { pause: 'paused', resume: 'active' };

export const pipelineLifecycleMarkdown =
  '`active`: pushed rows are verified as the batching rule, the schedule or a trigger starts runs, and delivered as they are verified. `paused`: pushes are still accepted and held (their rows wait); no run starts and nothing is delivered, while checks a run had already queued finish. `resume` lets held rows and verified rows flow again. `pause` applies only to an `active` pipeline and `resume` only to a `paused` one; any other call is 409 `invalid_transition`.';

export function pipelineTransition(current: PipelineStatus, action: PipelineAction): { ok: true; next: PipelineStatus } | { ok: false; reason: string } {
  if (current !== allowedFrom[action]) {
    return { ok: false, reason: `The pipeline is ${current}; ${action} applies only to a ${allowedFrom[action]} pipeline.` };
  }
  return { ok: true, next: leadsTo[action] };
}

/** Rows one push may carry; a larger feed is pushed in several requests. */
export const MAX_PUSH_ROWS = 1000;
/** Bytes of one push's JSON body. */
export const MAX_PUSH_BYTES = 1024 * 1024;
/** Rows one run takes; more waiting rows start further runs. */
export const MAX_RUN_ROWS = 5000;

export interface AcceptedRow {
  index: number;
  email: string;
  /** The address trimmed and lower-cased: what makes two rows the same address. */
  emailKey: string;
  data: Record<string, unknown>;
}

export interface PushAnalysis {
  accepted: AcceptedRow[];
  /** Rows repeating an earlier row's address within the same push: neither stored nor checked. */
  duplicates: Array<{ index: number; email: string; duplicate_of: number }>;
  invalid: Array<{ index: number; reason: string }>;
}

/**
 * Splits a push's rows: the address is read from `emailColumn`; a row without one, or with one of
 * invalid syntax, is invalid (with its index and why); a row repeating an address already in this
 * push is a duplicate of the first. Every other row is accepted.
 */
export function analysePush(rows: readonly Record<string, unknown>[], emailColumn: string): PushAnalysis {
  const result: PushAnalysis = { accepted: [], duplicates: [], invalid: [] };
  const firstIndex = new Map<string, number>();
  rows.forEach((data, index) => {
    const value = data[emailColumn];
    if (typeof value !== 'string' || value.trim() === '') {
      result.invalid.push({ index, reason: 'missing_email' });
      return;
    }
    const email = value.trim();
    const syntax = checkSyntax(email);
    if (!syntax.is_valid_syntax) {
      result.invalid.push({ index, reason: syntax.invalid_reason ?? 'invalid_syntax' });
      return;
    }
    const emailKey = (syntax.normalized_email ?? email).toLowerCase();
    const first = firstIndex.get(emailKey);
    if (first !== undefined) {
      result.duplicates.push({ index, email, duplicate_of: first });
      return;
    }
    firstIndex.set(emailKey, index);
    result.accepted.push({ index, email, emailKey, data });
  });
  return result;
}

export interface BatchRule {
  maxRows: number;
  /** Null: wait for a full batch, the schedule or a trigger. */
  maxWaitSeconds: number | null;
}

/**
 * Whether the waiting rows make a run now: a full batch always does; otherwise once the oldest
 * waiting row has waited the rule's longest wait.
 */
export function batchIsDue(rule: BatchRule, waiting: { count: number; oldestPushedAt: Date | null }, now: Date): boolean {
  if (waiting.count === 0 || !waiting.oldestPushedAt) return false;
  if (waiting.count >= rule.maxRows) return true;
  if (rule.maxWaitSeconds === null) return false;
  return now.getTime() - waiting.oldestPushedAt.getTime() >= rule.maxWaitSeconds * 1000;
}

/** Seconds until the batch a push just joined is due (0: now); null when only size or a trigger ends it. */
export function secondsUntilDue(rule: BatchRule, waiting: { count: number; oldestPushedAt: Date }, now: Date): number | null {
  if (waiting.count >= rule.maxRows) return 0;
  if (rule.maxWaitSeconds === null) return null;
  const left = waiting.oldestPushedAt.getTime() + rule.maxWaitSeconds * 1000 - now.getTime();
  return Math.max(0, Math.ceil(left / 1000));
}

/** The next scheduled run strictly after `now`, keeping the schedule's phase from `previous`. */
export function nextScheduledAt(previous: Date, everyMinutes: number, now: Date): Date {
  const step = everyMinutes * 60_000;
  const behind = Math.floor((now.getTime() - previous.getTime()) / step) + 1;
  return new Date(previous.getTime() + Math.max(1, behind) * step);
}
