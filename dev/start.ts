import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchConfigSchema } from '../workers/launch/config';
import { verifyConfigSchema } from '../workers/verify/config';
import { watchAncestors } from './ancestors';
import { ensureLocalChromium, INSTALL_HINT } from './chromium';
import { type ClientAddressProxy, startClientAddressProxy } from './client-address-proxy';
import { cronsOf, startCronTicker } from './crons';
import { startDataStack, type DataStack } from './data-stack';
import { connectDemoAccounts, type DemoConnection } from './demo-connections';
import { ensureDemoData, type DemoData } from './demo-data';
import { syncDemoTotp } from './demo-totp';
import { freePorts, portError, requireFreePort, startReaper } from './reaper';
import { startSocialStandIn, type SocialStandIn } from './social-stand-in';
import { startIntakeStandIn, type IntakeStandIn } from './intake-stand-in';
import { startNotifyStandIn, type NotifyStandIn } from './notify-stand-in';
import { startAccountFakes, type AccountFakes } from './networks/account-fakes';
import type { ReceivedPost } from './networks/common';
import { startOAuthFakes, type OAuthFakes } from './networks/oauth-fakes';
import { startHealthyWorker, type WorkerProcess } from './workers';

const root = fileURLToPath(new URL('..', import.meta.url));
const stateDir = process.env.DEV_STATE_DIR ?? join(root, '.local');
const devJsonPath = join(stateDir, 'dev.json');
const started = Date.now();
const TOTAL_STEPS = 10;
let stepNumber = 0;

function progress(message: string): void {
  stepNumber += 1;
  console.log(`[${stepNumber}/${TOTAL_STEPS}] ${message}  (${((Date.now() - started) / 1000).toFixed(1)}s)`);
}

/**
 * Deferred bulk checks come back within a minute under npm run dev (a deployment waits 1, 5, 15
 * and 30 minutes), so a local job ends while someone watches it; BULK_RETRY_DELAYS_SECONDS overrides it.
 */
const DEV_BULK_RETRY_DELAYS_SECONDS = '5,10,20,30';

/** How often the stack checks that whatever started it (npm, its shell, the terminal's shell) is still there. */
const PARENT_CHECK_MS = 1_000;

/** Each post a fake network stores, as a line of the stack's output: what went out, and where to see it. */
function logReceived(network: string, post: ReceivedPost): void {
  const text = post.text.length > 60 ? `${post.text.slice(0, 59)}…` : post.text;
  console.log(
    `  ${network.padEnd(8)} │ ${post.account} posted ${post.url}${post.images ? ` with ${post.images} image${post.images > 1 ? 's' : ''}` : ''}: ${JSON.stringify(text)}`,
  );
}

/** Worker settings taken from this process's environment: every name the Worker's config declares. */
function settingsFromEnvironment(names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
}

async function main(): Promise<void> {
  mkdirSync(stateDir, { recursive: true });
  const launchPort = Number(process.env.LAUNCH_PORT ?? 8787);
  const verifyPort = Number(process.env.VERIFY_PORT ?? 8788);
  const postgresPort = Number(process.env.DEV_POSTGRES_PORT ?? 54329);
  const launchInspectorPort = Number(process.env.LAUNCH_INSPECTOR_PORT ?? 9231);
  const verifyInspectorPort = Number(process.env.VERIFY_INSPECTOR_PORT ?? 9232);

  // Should this process die without stopping them (SIGKILL, a crash), the watchdog does.
  const reaper = startReaper();
  let stackStarting: Promise<DataStack> | undefined;
  const workers: WorkerProcess[] = [];
  const proxies: ClientAddressProxy[] = [];
  let socialStandIn: SocialStandIn | undefined;
  let intakeStandIn: IntakeStandIn | undefined;
  let notifyStandIn: NotifyStandIn | undefined;
  let oauthFakes: OAuthFakes | undefined;
  let accountFakes: AccountFakes | undefined;
  let stopCrons = () => {};
  let stopping = false;
  const shutdown = async (code: number, why?: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\nStopping${why ? ` (${why})` : ''}…`);
    stopCrons();
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await Promise.all(workers.map((worker) => worker.stop()));
    await socialStandIn?.close();
    await intakeStandIn?.close();
    await notifyStandIn?.close();
    await oauthFakes?.close();
    await accountFakes?.close();
    await stackStarting?.then((started) => started.close()).catch(() => {});
    reaper.release();
    console.log('Stopped.');
    process.exit(code);
  };
  // Ctrl-C, an IDE's stop button (SIGTERM), a closed terminal (SIGHUP): all stop everything.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0, signal));
  // npm stopped by an IDE (SIGTERM, SIGKILL) passes nothing on to tsx, which keeps this process: stop too.
  watchAncestors((pid) => void shutdown(0, `process ${pid}, one of those that started it, has gone`), PARENT_CHECK_MS);
  // Its terminal closed, writing a line fails (EIO, EPIPE): that must not end the stack before it has stopped its children.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

  await requireFreePort(launchPort, 'LAUNCH_PORT');
  await requireFreePort(verifyPort, 'VERIFY_PORT');
  // A fixed port, so sources registered at the stand-in's fixtures keep working across runs.
  const intakePort = Number(process.env.INTAKE_STAND_IN_PORT ?? 8790);
  await requireFreePort(intakePort, 'INTAKE_STAND_IN_PORT');
  if (!process.env.DATABASE_URL) await requireFreePort(postgresPort, 'DEV_POSTGRES_PORT');

  stackStarting = startDataStack({
    dataDir: join(stateDir, 'postgres'),
    postgresPort,
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    progress,
  });
  const stack = await stackStarting;
  if (stack.postgresPid) reaper.watch(stack.postgresPid, 'SIGINT');

  try {
    progress('Demo workspaces and keys');
    const previous = existsSync(devJsonPath) ? (JSON.parse(readFileSync(devJsonPath, 'utf8')) as DemoData) : undefined;
    const demo = await ensureDemoData(stack.bindings.DATABASE_URL, previous);
    // Made once and kept in dev.json: connections sealed with it still open after a restart.
    const connectionKeys =
      (previous as { launch?: { connectionKeys?: string } } | undefined)?.launch?.connectionKeys ?? `dev:${randomBytes(32).toString('base64')}`;

    progress('Screenshots (the system Chromium, else the one in @sparticuz/chromium) and the stand-ins: social network, release intake, email and chat');
    const chromium = ensureLocalChromium();
    if (chromium.source === 'npm') console.log(`  No system Chromium: screenshots use the one from npm (${chromium.executable}).`);
    if (!chromium.executable) console.log(`  Chromium is not installed, so POST /api/screenshot will answer 503. Install it with: ${INSTALL_HINT}`);
    socialStandIn = await startSocialStandIn();
    intakeStandIn = await startIntakeStandIn(intakePort);
    notifyStandIn = await startNotifyStandIn();
    oauthFakes = await startOAuthFakes(logReceived);
    accountFakes = await startAccountFakes(logReceived);
    // A signal during start-up is stopping what has started: start nothing more.
    if (stopping) return;

    progress(`Starting the Workers: launch on :${launchPort}, verify on :${verifyPort}`);
    const launchSettings = settingsFromEnvironment(Object.keys(launchConfigSchema.shape));
    const verifySettings = settingsFromEnvironment(Object.keys(verifyConfigSchema.shape));
    // Each wrangler dev listens on a port of its own, behind the advertised one (see dev/client-address-proxy.ts);
    // its "Ready on" names the advertised one, since a client calling the other would skip CF-Connecting-IP. Neither is one
    // of the ports this stack was given and listens on only later (a test's runner picked those in its own slice of free
    // ports, which this process, started by it, picks from too).
    const [launchBehind, verifyBehind] = (await freePorts(2, [launchPort, verifyPort, launchInspectorPort, verifyInspectorPort])) as [number, number];
    const log = (name: string, behind: number, port: number) => (line: string) => {
      if (line.trim()) console.log(`  ${name} │ ${line.replaceAll(`127.0.0.1:${behind}`, `127.0.0.1:${port}`)}`);
    };
    const started = (worker: WorkerProcess) => {
      const previous = workers.findIndex((running) => running.name === worker.name);
      if (previous >= 0) workers.splice(previous, 1);
      workers.push(worker);
      reaper.watch(-worker.child.pid!, 'SIGTERM');
      // A retry that starts after a signal began the shutdown is stopped at once.
      if (stopping) void worker.stop();
    };
    progress('Waiting for both health routes');
    await Promise.all([
      startHealthyWorker({
        name: 'launch',
        port: launchBehind,
        inspectorPort: launchInspectorPort,
        vars: {
          INTERNAL_SECRET: demo.data.launch.internalSecret,
          SOCIAL_POST_UPSTREAM_URL: socialStandIn.syndicationUrl,
          IMAGE_PROXY_UPSTREAM_URL: socialStandIn.mediaUrl,
          GITHUB_API_URL: intakeStandIn.githubApiUrl,
          // Notification emails go to the local Resend stand-in; its page lists them.
          RESEND_API_URL: notifyStandIn.resendApiUrl,
          RESEND_API_KEY: notifyStandIn.apiKey,
          EMAIL_FROM: 'Launch (local) <launch@launch.localhost>',
          APP_BASE_URL: `http://127.0.0.1:${launchPort}`,
          ...oauthFakes.vars,
          ...accountFakes.vars,
          CONNECTION_KEYS: connectionKeys,
          LAUNCH_PUBLIC_URL: `http://127.0.0.1:${launchPort}`,
          ...launchSettings,
          ...stack.bindings,
        },
        stateDir,
        log: log('launch', launchBehind, launchPort),
        healthPath: '/api/health',
        timeoutMs: 60_000,
        onStart: started,
      }),
      startHealthyWorker({
        name: 'verify',
        port: verifyBehind,
        inspectorPort: verifyInspectorPort,
        vars: {
          INTERNAL_SECRET: demo.data.verify.internalSecret,
          BULK_RETRY_DELAYS_SECONDS: DEV_BULK_RETRY_DELAYS_SECONDS,
          // The operator plane is served locally (OPERATOR_PLANE=off npm run dev leaves it out, as a public deployment does).
          OPERATOR_PLANE: 'on',
          ...verifySettings,
          ...stack.bindings,
        },
        stateDir,
        log: log('verify', verifyBehind, verifyPort),
        healthPath: '/v1/health',
        timeoutMs: 60_000,
        onStart: started,
      }),
    ]);
    const serve = async (port: number, setting: string, targetPort: number) => {
      const proxy = await startClientAddressProxy({ host: '127.0.0.1', port, targetPort }).catch((error: NodeJS.ErrnoException) => {
        throw portError(port, setting, error);
      });
      proxies.push(proxy);
      return proxy;
    };
    const [launch, verify] = await Promise.all([serve(launchPort, 'LAUNCH_PORT', launchBehind), serve(verifyPort, 'VERIFY_PORT', verifyBehind)]);
    if (stopping) return;

    const crons = workers.map((worker) => ({ name: worker.name, url: worker.url, crons: cronsOf(worker.name) }));
    stopCrons = startCronTicker(crons, (line) => console.log(`  cron   │ ${line}`));

    const devJson = {
      // For npm run totp, which reads the demo user's two-factor secret from the database.
      databaseUrl: stack.bindings.DATABASE_URL,
      launch: {
        url: launch.url,
        apiKey: demo.data.launch.apiKey,
        workspaceId: demo.data.launch.workspaceId,
        user: demo.data.launch.user,
        internalSecret: launchSettings.INTERNAL_SECRET ?? demo.data.launch.internalSecret,
        connectionKeys,
      },
      verify: {
        url: verify.url,
        apiKey: demo.data.verify.apiKey,
        internalSecret: verifySettings.INTERNAL_SECRET ?? demo.data.verify.internalSecret,
        tenantId: demo.data.verify.tenantId,
        // Operator plane: both factors, internalSecret above and this operator's token.
        operator: demo.data.verify.operator,
      },
      stores: stack.describe,
    };
    writeFileSync(devJsonPath, `${JSON.stringify(devJson, null, 2)}\n`, { mode: 0o600 });
    const totp = await syncDemoTotp(devJsonPath);
    const twoFactor = totp?.enabled === true;

    progress('Demo connections to the fake networks (signed in as the demo user, through the connect routes)');
    const connections = await connectDemoAccounts({
      launchUrl: launch.url,
      user: devJson.launch.user,
      totpSecret: totp?.enabled ? totp.secret : null,
      blueskyUrl: accountFakes.blueskyUrl,
      mastodonUrl: accountFakes.mastodonUrl,
      databaseUrl: stack.bindings.DATABASE_URL,
    }).catch((error: unknown): DemoConnection[] => [
      { channel: 'all', outcome: { ok: false, reason: error instanceof Error ? error.message : String(error) } },
    ]);
    if (stopping) return;
    const privateUrls = launchSettings.ALLOW_PRIVATE_URLS === '1';
    const retryDelays = verifySettings.BULK_RETRY_DELAYS_SECONDS ?? DEV_BULK_RETRY_DELAYS_SECONDS;
    const signInBody = `{"email":"${devJson.launch.user.email}","password":"${devJson.launch.user.password}"${twoFactor ? `,"totpCode":"'"$(npm run -s totp)"'"` : ''}}`;
    const screenshotUrl = privateUrls ? `${launch.url}/api/openapi.json` : 'https://example.com';
    progress(`Ready ${demo.reused ? '(reused the demo data of an earlier run)' : '(created new demo data)'}`);
    console.log(`
Both services are up (PostgreSQL: ${stack.describe.postgres}, Redis: ${stack.describe.redis}). Keys and the demo sign-in are in .local/dev.json.

  launch  ${launch.url}   reference: ${launch.url}/api/reference
    curl -s ${launch.url}/api/health
    curl -s -c .local/cookies -H 'content-type: application/json' \\
      -d '${signInBody}' ${launch.url}/api/v1/sessions
    curl -s -b .local/cookies ${launch.url}/api/v1/me
    (API key, for scripts: X-API-Key: ${devJson.launch.apiKey})
    curl -s -H 'X-API-Key: ${devJson.launch.apiKey}' ${launch.url}/api/social-post/1790000000000000002
    curl -s -H 'X-API-Key: ${devJson.launch.apiKey}' -H 'content-type: application/json' \\
      -d '{"url":"${screenshotUrl}","colorScheme":"dark"}' ${launch.url}/api/screenshot
${[
  privateUrls
    ? 'private URLs allowed (ALLOW_PRIVATE_URLS=1): pages, webhooks and publishing endpoints may point at this machine'
    : 'pages, webhooks and publishing endpoints on this machine need ALLOW_PRIVATE_URLS=1 npm run dev',
  ...(chromium.executable ? [] : [`screenshots need Chromium first: ${INSTALL_HINT}`]),
]
  .map((line) => `      (${line})`)
  .join('\n')}
    social posts and media come from a local stand-in (dev/fixtures); SOCIAL_POST_UPSTREAM_URL=https://cdn.syndication.twimg.com for the real one
    release intake: GitHub's API, a feed and a changelog page from a local stand-in (dev/fixtures/intake): ${intakeStandIn.url}/feeds/acme.xml,
      ${intakeStandIn.url}/changelog/acme.html, GITHUB_API_URL=${intakeStandIn.githubApiUrl}; GITHUB_API_URL=https://api.github.com for the real one
    internal cache endpoints: X-Internal-Secret is launch.internalSecret in .local/dev.json
    notifications: what launch emailed and posted to chat is listed at ${notifyStandIn.url}/ (a local Resend, RESEND_API_URL; sent by the minute cron)
      a chat webhook to set on Settings → Notifications (needs ALLOW_PRIVATE_URLS=1): ${notifyStandIn.chatUrl('demo')}
    fake networks (dev/networks): each post they receive is also a line below, with its URL
${[...oauthFakes.banner, ...accountFakes.banner].map((line) => `      ${line}`).join('\n')}
    demo connections of the demo workspace (Settings → Connections; CONNECTION_KEYS is launch.connectionKeys in .local/dev.json):
${connections
  .map(
    ({ channel, outcome }) => `      ${channel.padEnd(9)} ${outcome.ok ? `${outcome.account} (${outcome.connectionId})` : `not connected: ${outcome.reason}`}`,
  )
  .join('\n')}
      approve a post, schedule it, and the minute cron publishes it there; its URL shows on the post

  verify  ${verify.url}   reference: ${verify.url}/v1/reference
    curl -s -H 'Authorization: Bearer ${devJson.verify.apiKey}' ${verify.url}/v1/me
    bulk checks a mail server defers are retried after ${retryDelays.split(',').join(', ')} s (BULK_RETRY_DELAYS_SECONDS; deployed: 1, 5, 15, 30 min);
    follow a job with GET /v1/bulk/{job_id}?wait=60 (one request per answer, at most 12 a minute)
${
  (verifySettings.OPERATOR_PLANE ?? 'on') === 'on'
    ? `    operator plane (x-internal-secret and the operator token of .local/dev.json; document: /v1/admin/openapi.json):
    curl -s -H 'x-internal-secret: ${devJson.verify.internalSecret}' -H 'Authorization: Bearer ${devJson.verify.operator?.token}' ${verify.url}/v1/admin/tenants`
    : '    operator plane off (OPERATOR_PLANE=off)'
}

  demo sign-in (launch): ${devJson.launch.user.email} / ${devJson.launch.user.password}${twoFactor ? ' + the code of npm run totp (two-factor is on)' : ''}
    two-factor: once enrolled (POST /api/v1/me/two-factor), npm run totp prints the current code; fresh demo data: stop, rm -rf .local, npm run dev
  cron triggers, fired here at the start of each matching minute (wrangler dev never fires them):
${crons.flatMap((worker) => worker.crons.map((cron) => `    ${worker.name}: ${cron}`)).join('\n')}

Ctrl-C stops everything (so do SIGTERM, SIGHUP, and stopping npm or closing the terminal that started it).`);
  } catch (error) {
    console.error(`\nStart-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

main().catch((error: unknown) => {
  console.error(`\nStart-up failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
