import { stripVTControlCharacters } from 'node:util';

/**
 * Lines of the workerd runtime and the Workers pool that say nothing when the tests pass: the
 * pool's debug and info lines (six compatibility flags per test file) and workerd's info lines
 * about exceptions that tests of failure paths cause on purpose (with their native stack line).
 * Warnings, errors and the tests' own output still show.
 */
const NOISE = [/^\[vpw:(debug|info)\]/, /^workerd\/\S+:\d+: info: /, /^stack: \S*workerd@/];

/** Drops those lines from this process's output, unless VERBOSE=1. */
export function quietRuntimeOutput(environment: NodeJS.ProcessEnv = process.env): void {
  if (environment.VERBOSE === '1') return;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(
        typeof chunk === 'string' || chunk instanceof Uint8Array ? withoutNoise(Buffer.from(chunk).toString('utf8')) : chunk,
        ...rest,
      )) as typeof stream.write;
  }
}

export function withoutNoise(text: string): string {
  return text
    .split('\n')
    .filter((line) => !NOISE.some((pattern) => pattern.test(stripVTControlCharacters(line))))
    .join('\n');
}
