/** A Redis reply as the Upstash REST protocol carries it (RESP2 shapes). */
export type Reply = string | number | null | Reply[];

/** A command failed the way Redis fails it: the message goes back as `{error}`. */
export class CommandError extends Error {}

export type Outcome = { result: Reply } | { error: string };

export interface Engine {
  run(command: string[]): Promise<Reply>;
  /** Runs the commands atomically (MULTI/EXEC); one outcome per command. */
  transaction(commands: string[][]): Promise<Outcome[]>;
  close(): Promise<void>;
}

/**
 * `@upstash/ratelimit` scripts start with `#!lua flags=allow-key-locking`, an Upstash-only flag
 * that Redis 7 rejects. The flag only relaxes key locking, so dropping it keeps the meaning.
 */
export function withoutUpstashFlags(script: string): string {
  return script.replace(/^#!lua[^\n]*/, '#!lua');
}
