import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A watchdog for the dev stack's children. It reads "add <pid> <signal>" lines on stdin (a
 * negative pid is a process group) and, when stdin closes without "done" — the stack died, even
 * by SIGKILL, since the kernel closes the pipe of a dead process — signals each target, then
 * kills the process groups left after 5 s. The server (PostgreSQL) gets SIGINT, a fast shutdown,
 * never SIGKILL, which would leave its shared memory behind.
 */
const WATCHDOG = `
const targets = new Map();
let buffer = '';
let done = false;
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let end = buffer.indexOf('\\n'); end >= 0; end = buffer.indexOf('\\n')) {
    const [command, pid, signal] = buffer.slice(0, end).split(' ');
    buffer = buffer.slice(end + 1);
    if (command === 'add') targets.set(Number(pid), signal);
    if (command === 'done') done = true;
  }
});
process.stdin.on('end', () => {
  if (done) process.exit(0);
  for (const [pid, signal] of targets) { try { process.kill(pid, signal); } catch {} }
  setTimeout(() => {
    for (const pid of targets.keys()) if (pid < 0) { try { process.kill(pid, 'SIGKILL'); } catch {} }
    process.exit(0);
  }, 5000);
});
`;

export interface Reaper {
  /** Signals `pid` (a process group when negative) with `signal` should the stack die without stopping it. */
  watch(pid: number, signal: NodeJS.Signals): void;
  /** The stack stopped its children itself: the watchdog exits without signalling anything. */
  release(): void;
}

export function startReaper(): Reaper {
  // Its own process group, so that Ctrl-C in the terminal does not stop it before the stack.
  const child: ChildProcess = spawn(process.execPath, ['-e', WATCHDOG], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  child.unref();
  return {
    watch: (pid, signal) => child.stdin!.write(`add ${pid} ${signal}\n`),
    release: () => child.stdin!.end('done\n'),
  };
}

/** Fails with the setting to change when `port` is taken on 127.0.0.1. */
export function requireFreePort(port: number, setting: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => reject(portError(port, setting, error)));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/** Why `port` could not be listened on, naming the setting that moves it. */
export function portError(port: number, setting: string, error: NodeJS.ErrnoException): Error {
  return new Error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} (${setting}) is already in use, perhaps by another npm run dev. Stop it, or choose another port: ${setting}=<port> npm run dev.`
      : `Port ${port} (${setting}) cannot be used: ${error.message}`,
  );
}

/**
 * Ports are picked below Linux's ephemeral range (32768–60999): a port the kernel picked for us
 * there can be handed to another process's outgoing connection between our pick and our listen
 * (seen as EADDRINUSE in parallel test runs).
 */
const PICK_FROM = 20_000;
const PICK_TO = 32_768;
/**
 * A test worker picks from a slice of the range of its own. The test files that start stacks run side by side, each in a
 * process of its own, and a port picked is listened on only a moment (or, for a stack's Workers, many seconds) later: two
 * processes picking from one range could both find a port free and both take it. Vitest numbers the workers running at
 * once 1 to maxWorkers (VITEST_POOL_ID, inherited by what a test starts, such as dev/start.ts), so no two of them share a
 * slice (past eight workers at once, slices are shared again). A process outside a test worker (npm run dev, the run's
 * global setup, which listens on all it picks before any test starts, a benchmark) picks from the whole range.
 */
const SLICES = 8;

/** The ports `[from, to)` a process with this VITEST_POOL_ID picks from. */
export function pickRange(poolId: string | undefined): { from: number; to: number } {
  const id = Number(poolId);
  if (!Number.isInteger(id) || id < 1) return { from: PICK_FROM, to: PICK_TO };
  const width = Math.floor((PICK_TO - PICK_FROM) / SLICES);
  const from = PICK_FROM + ((id - 1) % SLICES) * width;
  return { from, to: from + width };
}

/** Never the same port twice in one process, even after the server that had it closed. */
const handedOut = new Set<number>();

/**
 * `count` different ports free on 127.0.0.1 now, for servers of the stack's own that nobody calls by number, none of
 * `avoid` (ports this process was told to use and has not listened on yet).
 */
export async function freePorts(count: number, avoid: Iterable<number> = []): Promise<number[]> {
  const { from, to } = pickRange(process.env.VITEST_POOL_ID);
  const avoided = new Set(avoid);
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries === 500) throw new Error(`No ${count} free ports found between ${from} and ${to} on 127.0.0.1.`);
    const port = from + Math.floor(Math.random() * (to - from));
    if (handedOut.has(port) || avoided.has(port)) continue;
    // Taken before it is tried, not after: calls made at once (a Promise.all of freePort()) must not both try one port.
    handedOut.add(port);
    if (await canListen(port)) ports.push(port);
    else handedOut.delete(port);
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
