import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export interface WorkerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const wranglerBin = require.resolve('wrangler/bin/wrangler.js');
const tsxCli = require.resolve('tsx/cli');
const runnerPath = fileURLToPath(new URL('./worker-runner.ts', import.meta.url));

/**
 * One `wrangler dev --env <name>` per Worker (or, with no inspector port, dev/worker-runner.ts, the
 * same through wrangler's API). Settings go through an env file rather than `--var` so that
 * secrets do not show in the process list.
 */
export interface WorkerOptions {
  name: string;
  /** Another wrangler config (the bench baseline); by default the root one, with `--env name`. */
  configPath?: string;
  port: number;
  /**
   * The devtools port, or null for none: the Worker then runs through `dev/worker-runner.ts` with
   * the runtime's inspector off, as deployed (the benchmarks; see that file for why).
   */
  inspectorPort: number | null;
  vars: Record<string, string>;
  /** Another checkout of this repository to run the Worker from, inspector off only (bench/ab-cpu.ts: an older commit beside this one). */
  root?: string;
  stateDir: string;
  log: (line: string) => void;
}

export function startWorker(options: WorkerOptions): WorkerProcess {
  const envFile = join(options.stateDir, `${options.name}.env`);
  writeFileSync(
    envFile,
    `${Object.entries(options.vars)
      .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  const persistTo = join(options.stateDir, 'wrangler', options.name);
  const args =
    options.inspectorPort === null
      ? [
          tsxCli,
          options.root ? join(options.root, 'dev', 'worker-runner.ts') : runnerPath,
          JSON.stringify({
            configPath: options.configPath ?? (options.root && join(options.root, 'wrangler.toml')),
            env: options.configPath ? undefined : options.name,
            port: options.port,
            envFile,
            persistTo,
          }),
        ]
      : [
          wranglerBin,
          'dev',
          ...(options.configPath ? ['--config', options.configPath] : ['--env', options.name]),
          '--ip',
          '127.0.0.1',
          '--port',
          String(options.port),
          '--inspector-port',
          String(options.inspectorPort),
          '--env-file',
          envFile,
          // One folder per Worker: two workerd processes sharing one SQLite store fail with SQLITE_BUSY.
          '--persist-to',
          persistTo,
          '--test-scheduled',
          '--show-interactive-dev-session=false',
          '--log-level',
          'log',
        ];
  const child = spawn(process.execPath, args, {
    cwd: options.root,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream! }).on('line', (line) => options.log(line));
  }
  return {
    name: options.name,
    url: `http://127.0.0.1:${options.port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // wrangler starts workerd as its own child: signal the whole group.
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          resolve();
        }
        setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {}
        }, 5_000).unref();
      }),
  };
}

/** Polls the health route until it answers 200, or fails with its last answer. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000}s (last: ${last})`);
}

const START_ATTEMPTS = 3;

/**
 * Starts a Worker and waits for its health route. Besides the ports it is given, wrangler picks
 * free ports for workerd's own sockets and binds them a moment later; a process started meanwhile
 * (a test run side by side, another stack) can take one, and workerd then exits with "Address
 * already in use". Such a start is tried again; any other failure is not.
 */
export async function startHealthyWorker(
  options: WorkerOptions & { healthPath: string; timeoutMs: number; onStart: (worker: WorkerProcess) => void },
): Promise<WorkerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    let portTaken = false;
    const worker = startWorker({
      ...options,
      log: (line) => {
        if (line.includes('Address already in use')) portTaken = true;
        options.log(line);
      },
    });
    options.onStart(worker);
    try {
      await waitForHealth(`${worker.url}${options.healthPath}`, worker.child, options.timeoutMs);
      return worker;
    } catch (error) {
      await worker.stop();
      if (!portTaken || attempt === START_ATTEMPTS) throw error;
      options.log(`A port wrangler picked was taken meanwhile; starting again (attempt ${attempt + 1} of ${START_ATTEMPTS}).`);
    }
  }
}
