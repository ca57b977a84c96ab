/**
 * The bulk job lifecycle and its tasks. A job is created `queued` with one task per distinct
 * address; the first result makes it `running`; it is `completed` once every task has ended. An
 * action applies only from the statuses listed for it, so a repeated or out-of-order request
 * changes nothing (the service answers 409 `invalid_transition`).
 */
export const jobStatuses = ['queued', 'running', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** A job in one of these still has work to do: its tasks take results. */
export const openJobStatuses = ['queued', 'running'] as const satisfies readonly JobStatus[];

export const jobActions = ['start', 'complete', 'cancel', 'retry'] as const;
export type JobAction = (typeof jobActions)[number];

interface JobTransition {
  from: readonly JobStatus[];
  to: JobStatus;
  description: string;
}

export const jobTransitions: Record<JobAction, JobTransition> = {
  start: { from: ['queued'], to: 'running', description: 'A task of the job has been checked for the first time.' },
  complete: { from: ['queued', 'running'], to: 'completed', description: 'Every task has ended: with a result, failed, or dead-lettered.' },
  cancel: {
    from: ['queued', 'running'],
    to: 'cancelled',
    description: '`POST /v1/jobs/{job_id}/cancel`: tasks not yet checked are cancelled and their credits returned; results already written stay.',
  },
  retry: {
    from: ['running', 'completed'],
    to: 'running',
    description: '`POST /v1/jobs/{job_id}/retry`: the failed and dead-lettered tasks are queued again; needs at least one such task.',
  },
};

/**
 * Task statuses. `pending` and `retrying` are open: a check may still write a result. Every other
 * status is final until a retry reopens `failed` and `dead_lettered` tasks.
 */
export const taskStatuses = ['pending', 'retrying', 'done', 'failed', 'dead_lettered', 'cancelled', 'skipped'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export const openTaskStatuses = ['pending', 'retrying'] as const satisfies readonly TaskStatus[];
export const retryableTaskStatuses = ['failed', 'dead_lettered'] as const satisfies readonly TaskStatus[];

export const taskStatusDescriptions: Record<TaskStatus, string> = {
  pending: 'Queued, not checked yet.',
  retrying: 'Checked, but the mail server deferred the answer (greylisting, a temporary error, no connection or a timeout); checked again later.',
  done: 'Checked: `result` holds the outcome.',
  failed: 'The check could not run; `error` says why. `POST /v1/jobs/{job_id}/retry` queues it again.',
  dead_lettered: 'Every attempt was deferred; `result` holds the last one. `POST /v1/jobs/{job_id}/retry` queues it again.',
  cancelled: 'The job was cancelled before this address was checked; no credit was used.',
  skipped: 'Not checked: the workspace quota could not cover it (the job was accepted partially).',
};

export type TransitionResult = { ok: true; to: JobStatus } | { ok: false; reason: string };

export function transition(from: JobStatus, action: JobAction): TransitionResult {
  const rule = jobTransitions[action];
  if (!rule.from.includes(from))
    return { ok: false, reason: `A ${from} job cannot be ${pastTense[action]}; that needs a job that is ${rule.from.join(' or ')}.` };
  return { ok: true, to: rule.to };
}

/** The statuses an action may start from, for `UPDATE … WHERE status IN (…)`. */
export function allowedFrom(action: JobAction): readonly JobStatus[] {
  return jobTransitions[action].from;
}

const pastTense: Record<JobAction, string> = {
  start: 'started',
  complete: 'completed',
  cancel: 'cancelled',
  retry: 'retried',
};

/** The tables as published in the OpenAPI description and docs/verify/bulk-jobs.md. */
export function jobLifecycleMarkdown(): string {
  const rows = jobActions.map((action) => {
    const rule = jobTransitions[action];
    return `| \`${action}\` | ${rule.from.map((status) => `\`${status}\``).join(', ')} | \`${rule.to}\` | ${rule.description} |`;
  });
  const tasks = taskStatuses.map((status) => `| \`${status}\` | ${taskStatusDescriptions[status]} |`);
  return [
    `Job states: ${jobStatuses.map((status) => `\`${status}\``).join(', ')}. A request whose job is not in a listed "from" state is 409 \`invalid_transition\` and changes nothing.`,
    '',
    '| action | from | to | meaning |',
    '|---|---|---|---|',
    ...rows,
    '',
    '| task status | meaning |',
    '|---|---|',
    ...tasks,
  ].join('\n');
}
