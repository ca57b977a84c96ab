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
/** Never the same port twice in one process, even after the server that had it closed. */
const handedOut = new Set<number>();

/** `count` different ports free on 127.0.0.1 now, for servers of the stack's own that nobody calls by number. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries++) {
    if (tries === 500) throw new Error(`No ${count} free ports found between ${PICK_FROM} and ${PICK_TO} on 127.0.0.1.`);
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    ports.push(port);
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
