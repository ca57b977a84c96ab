import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';
import { processEntry } from '../../dev/ancestors';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface DevJson {
  launch: { url: string; apiKey: string; user: { email: string; password: string }; internalSecret: string; connectionKeys: string };
  verify: { url: string; apiKey: string; internalSecret: string; operator: { token: string; name: string; role: string } };
}

/** Seconds, not minutes, on an idle machine; minutes on a loaded CI machine. */
const START_GUARD_MS = 150_000;

export interface Ports {
  launchPort: number;
  verifyPort: number;
  postgresPort: number;
}

/**
 * `npm run dev` (dev/start.ts) with its state in `stateDir` and every port free-picked unless
 * fixed, resolved once the banner says it is up. `how: 'npm'` runs it as an IDE does: `npm run dev`
 * itself, in a process group and session of its own; by default dev/start.ts runs directly.
 */
export async function startDev(
  stateDir: string,
  fixed: Partial<Ports> = {},
  extraEnv: Record<string, string> = {},
  how: 'node' | 'npm' = 'node',
): Promise<{ child: ChildProcess; output: () => string; ports: Ports }> {
  const [launchPort, verifyPort, launchInspector, verifyInspector, postgresPort, intakeStandIn, xFake, linkedInFake, threadsFake, blueskyFake, mastodonFake] =
    await Promise.all(Array.from({ length: 11 }, () => freePort()));
  const ports: Ports = { launchPort: launchPort!, verifyPort: verifyPort!, postgresPort: postgresPort!, ...fixed };
  const redisUrl = process.env.REDIS_URL && !extraEnv.REDIS_URL ? { REDIS_URL: await redisDatabaseOfItsOwn(process.env.REDIS_URL) } : {};
  let output = '';
  const [command, args] = how === 'npm' ? ['npm', ['run', 'dev']] : [process.execPath, ['--import', 'tsx', 'dev/start.ts']];
  const child = spawn(command, args, {
    cwd: root,
    detached: how === 'npm',
    env: {
      ...process.env,
      DEV_STATE_DIR: stateDir,
      LAUNCH_PORT: String(ports.launchPort),
      VERIFY_PORT: String(ports.verifyPort),
      LAUNCH_INSPECTOR_PORT: String(launchInspector),
      VERIFY_INSPECTOR_PORT: String(verifyInspector),
      DEV_POSTGRES_PORT: String(ports.postgresPort),
      INTAKE_STAND_IN_PORT: String(intakeStandIn),
      X_FAKE_PORT: String(xFake),
      LINKEDIN_FAKE_PORT: String(linkedInFake),
      THREADS_FAKE_PORT: String(threadsFake),
      BLUESKY_FAKE_PORT: String(blueskyFake),
      MASTODON_FAKE_PORT: String(mastodonFake),
      // So that a screenshot of a page on this machine can be taken, and a publishing endpoint on it set.
      ALLOW_PRIVATE_URLS: '1',
      ...redisUrl,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // A hang guard naming what the stack printed, rather than the test's whole budget running out in silence.
  const deadline = Date.now() + START_GUARD_MS;
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Ctrl-C stops everything')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm run dev exited:\n${output}`));
      } else if (Date.now() > deadline) {
        clearInterval(timer);
        child.kill('SIGTERM');
        reject(new Error(`npm run dev was not up after ${START_GUARD_MS / 1000} s:\n${output}`));
      }
    }, 100);
  });
  return { child, output: () => output, ports };
}

/** Databases 1 to 15 of the machine's Redis, taken in turn; 0 is the workers projects' own. */
const STACK_DATABASES = 15;

/**
 * `redisUrl` pointed at a database no other running stack uses, emptied first. Over one shared
 * database every stack would count the per-IP limits of 127.0.0.1 together (ten sign-ins a minute
 * across all the browser tests of a run); each stack starts empty, as it does on the embedded Redis.
 */
async function redisDatabaseOfItsOwn(redisUrl: string): Promise<string> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    const database = ((await client.incr('test:dev-stack-database')) % STACK_DATABASES) + 1;
    await client.select(database);
    await client.flushDb();
    const url = new URL(redisUrl);
    url.pathname = `/${database}`;
    return url.toString();
  } finally {
    await client.quit();
  }
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

/** Every process below `pid` now (Linux: read from /proc), `pid` itself excluded. */
export function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const child = Number(name);
    const entry = Number.isInteger(child) ? processEntry(child) : undefined;
    if (entry) parents.set(entry.ppid, [...(parents.get(entry.ppid) ?? []), child]);
  }
  const found: number[] = [];
  for (let queue = [pid]; queue.length > 0; ) {
    const children = parents.get(queue.shift()!) ?? [];
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

/** Those of `pids` still running (an exited process not yet collected by its parent is not). */
export function running(pids: number[]): number[] {
  return pids.filter((pid) => {
    const entry = processEntry(pid);
    return entry !== undefined && !entry.zombie;
  });
}
