import type { CheckEmailOutput, SyntaxDetails } from './output';
import type { HostAttempt } from './mx-attempts';
import type { ClassifiedReply } from './smtp-reply';
import { smtpDetails, verdict, type VerdictInput } from './verdict';

/** What the stages found, live or made up by the sandbox; turned into the output in one place. */
export interface StageResults {
  input: string;
  syntax: SyntaxDetails;
  verdictInput: VerdictInput;
  mxRecords: string[];
  isB2c: boolean;
  gravatarUrl: string | null;
  smtp: {
    /** The reply that decided the SMTP stage. */
    reply: ClassifiedReply | null;
    mxHost: string | null;
    port: number | null;
    tls: boolean;
    pipelining: boolean;
    error: string | null;
    /** Each MX host tried, in order, and how its turn ended. */
    attempts: HostAttempt[];
  };
  serverName: string;
  startedAt: number;
  endedAt: number;
  sandbox: boolean;
}

export function assembleOutput(stages: StageResults): CheckEmailOutput {
  const { verdictInput, smtp } = stages;
  const elapsed = Math.max(0, stages.endedAt - stages.startedAt);
  const mx = verdictInput.mx;
  return {
    input: stages.input,
    ...verdict(verdictInput),
    syntax: stages.syntax,
    mx: { accepts_mail: mx === 'mx' || mx === 'implicit_mx', records: stages.mxRecords },
    misc: {
      is_disposable: verdictInput.isDisposable,
      is_role_account: verdictInput.isRoleAccount,
      is_b2c: stages.isB2c,
      gravatar_url: stages.gravatarUrl,
      haveibeenpwned: null,
    },
    smtp: smtpDetails(verdictInput.smtp),
    debug: {
      start_time: new Date(stages.startedAt).toISOString(),
      end_time: new Date(stages.endedAt).toISOString(),
      duration: { secs: Math.floor(elapsed / 1000), nanos: (elapsed % 1000) * 1_000_000 },
      server_name: stages.serverName,
      smtp: {
        // Reacher's names: `Skipped` when no SMTP stage ran, whatever stopped it.
        verif_method: { type: verdictInput.smtp && verdictInput.smtp.kind !== 'skipped' ? 'Smtp' : 'Skipped' },
        reply: smtp.reply && {
          command: smtp.reply.command,
          code: smtp.reply.reply.code,
          enhanced_code: smtp.reply.reply.enhancedCode,
          message: smtp.reply.reply.message,
          ...smtp.reply.classification,
        },
        mx_host: smtp.mxHost,
        port: smtp.port,
        tls: smtp.tls,
        pipelining: smtp.pipelining,
        error: smtp.error,
        attempts: smtp.attempts.map((attempt) => ({
          mx_host: attempt.host,
          address: attempt.address,
          outcome: attempt.outcome,
          error: attempt.error,
          duration_ms: attempt.durationMs,
        })),
      },
      sandbox: stages.sandbox,
    },
  };
}
