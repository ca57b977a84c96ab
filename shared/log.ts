/** One structured log line (JSON, with `level` and `message` first), as the Workers' logs collect them. */
export function logLine(level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}): void {
  console[level](JSON.stringify({ level, message, ...fields }));
}

/** What a caught error says, for a log line: its message, or the thrown value itself. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
