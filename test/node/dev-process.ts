import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface DevJson {
  launch: { url: string; apiKey: string; user: { email: string; password: string }; internalSecret: string };
  verify: { url: string; apiKey: string; internalSecret: string; operator: { token: string; name: string; role: string } };
}

export interface Ports {
  launchPort: number;
  verifyPort: number;
  postgresPort: number;
}

/**
 * `npm run dev` (dev/start.ts) with its state in `stateDir` and every port free-picked unless
 * fixed, resolved once the banner says it is up.
 */
export async function startDev(
  stateDir: string,
  fixed: Partial<Ports> = {},
  extraEnv: Record<string, string> = {},
): Promise<{ child: ChildProcess; output: () => string; ports: Ports }> {
  const [launchPort, verifyPort, launchInspector, verifyInspector, postgresPort, intakeStandIn] = await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  );
  const ports: Ports = { launchPort: launchPort!, verifyPort: verifyPort!, postgresPort: postgresPort!, ...fixed };
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'dev/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DEV_STATE_DIR: stateDir,
      LAUNCH_PORT: String(ports.launchPort),
      VERIFY_PORT: String(ports.verifyPort),
      LAUNCH_INSPECTOR_PORT: String(launchInspector),
      VERIFY_INSPECTOR_PORT: String(verifyInspector),
      DEV_POSTGRES_PORT: String(ports.postgresPort),
      INTAKE_STAND_IN_PORT: String(intakeStandIn),
      // So that a screenshot of a page on this machine can be taken, and a publishing endpoint on it set.
      ALLOW_PRIVATE_URLS: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Ctrl-C stops everything')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`npm run dev exited:\n${output}`));
      }
    }, 100);
  });
  return { child, output: () => output, ports };
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}
