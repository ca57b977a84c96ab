import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { chromium } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ensureLocalChromium, SYSTEM_CHROMIUM_ENV } from '../../dev/chromium';
import { type DevJson, descendantsOf, type Ports, running, startDev as startDevIn, stop } from './dev-process';

const stateDir = mkdtempSync(join(tmpdir(), 'dev-stack-'));
// As root, PostgreSQL runs as its own user, which must be able to reach its data folder.
chmodSync(stateDir, 0o755);
const cacheDir = join(stateDir, 'cache');
/** Every stack a test started: one a failed assertion left running is stopped after it, so the next test finds its ports free. */
const started: ChildProcess[] = [];
const startDev = async (fixed: Partial<Ports> = {}, extraEnv: Record<string, string> = {}, how: 'node' | 'npm' = 'node') => {
  const dev = await startDevIn(stateDir, fixed, extraEnv, how);
  started.push(dev.child);
  return dev;
};

interface OpenApiDocument {
  paths: Record<string, Record<string, { summary?: string }>>;
}

/** What the reference page's sidebar names each operation by: its summary, else its path. */
function operationTitles(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.values(operations).map((operation) => operation.summary ?? path));
}

/** The text of the page's navigation sidebar, entities decoded. */
function sidebarText(dom: string): string {
  const start = dom.indexOf('t-doc__sidebar');
  expect(start, 'the page has no sidebar').toBeGreaterThan(-1);
  return dom
    .slice(start)
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/**
 * The page as Chromium renders it (the browser `npm run dev` uses, see dev/chromium.ts), with every
 * host name unresolvable so that nothing can come from the internet: what a person sees offline.
 * It is read once the sidebar names the document's last operation. On loaded CI machines a render
 * was seen to leave the sidebar empty for good (120 s, then 180 s, the test's whole budget), so a
 * render that has not drawn it within a minute is reloaded once, as a person would, and what the
 * page logged (script errors, failed requests) is returned for the assertion to show.
 */
async function renderOffline(url: string, lastTitle: string): Promise<{ dom: string; log: string[] }> {
  const browser = await chromium.launch({
    executablePath: ensureLocalChromium().executable ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
  });
  const log: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 4000 } });
    page.on('console', (message) => message.type() === 'error' && log.push(`console: ${message.text()}`));
    page.on('pageerror', (error) => log.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => log.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ''}`));
    const sidebarDrawn = (timeout: number) =>
      page
        .locator('.t-doc__sidebar', { hasText: lastTitle })
        .first()
        .waitFor({ timeout })
        .then(() => true)
        .catch(() => false);
    await page.goto(url, { timeout: 60_000 });
    if (!(await sidebarDrawn(60_000))) {
      log.push('the sidebar was not drawn within 60 s: reloaded');
      await page.reload({ timeout: 60_000 });
      // What was rendered by then is returned, so the assertion names every operation the sidebar lacks.
      await sidebarDrawn(90_000);
    }
    return { dom: await page.content(), log };
  } finally {
    await browser.close();
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether every port of the stack is free within `timeoutMs` (children may take a moment to go). A hang guard, not a speed check. */
async function portsFreed(ports: Ports, timeoutMs = 30_000): Promise<Record<string, boolean>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = Object.fromEntries(await Promise.all(Object.entries(ports).map(async ([name, port]) => [name, await portIsFree(port)] as const)));
    if (Object.values(free).every(Boolean) || Date.now() > deadline) return free;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const allFree = { launchPort: true, verifyPort: true, postgresPort: true };

describe('npm run dev', () => {
  afterEach(async () => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) await stop(child, 'SIGTERM');
  });
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('starts both Workers healthy, writes working demo credentials, stops cleanly on SIGTERM, and reuses its data', async () => {
    const first = await startDev();
    const devJson = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as DevJson;
    expect(devJson.launch.apiKey).toMatch(/^lk_/);
    expect(devJson.verify.apiKey).toMatch(/^vk_/);
    expect(devJson.verify.internalSecret.length).toBeGreaterThanOrEqual(32);
    expect(devJson.launch.user.email).toContain('@');
    for (const url of [`${devJson.launch.url}/api/health`, `${devJson.verify.url}/v1/health`]) {
      const response = await fetch(url);
      expect(await response.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
    }
    expect(first.output()).toContain('curl');
    // The banner says what is in effect: private URLs are allowed here, and bulk retries are short.
    expect(first.output()).toContain('private URLs allowed (ALLOW_PRIVATE_URLS=1)');
    expect(first.output()).not.toContain('need ALLOW_PRIVATE_URLS=1');
    expect(first.output()).toContain('retried after 5, 10, 20, 30 s (BULK_RETRY_DELAYS_SECONDS');
    // The embedded PostgreSQL's unix socket and lock are in the stack's own data folder, not the
    // shared /tmp. With DATABASE_URL (CI's second pass) the stack starts no PostgreSQL of its own.
    if (!process.env.DATABASE_URL) {
      expect(existsSync(join(stateDir, 'postgres', `.s.PGSQL.${first.ports.postgresPort}`))).toBe(true);
      expect(existsSync(`/tmp/.s.PGSQL.${first.ports.postgresPort}.lock`)).toBe(false);
    }

    for (const url of [`${devJson.launch.url}/api/openapi.json`, `${devJson.verify.url}/v1/openapi.json`]) {
      const document = (await (await fetch(url)).json()) as { openapi: string; info: { version: string } };
      const result = await new Validator().validate(document);
      expect({ url, valid: result.valid, errors: result.errors }).toEqual({ url, valid: true, errors: undefined });
      expect(document.openapi).toMatch(/^3\.1\./);
      expect(document.info.version).toBe('1.0.0');
    }

    // Both pages at once: each render is a Chromium of its own, several seconds of CPU.
    await Promise.all(
      (
        [
          [`${devJson.launch.url}/api/reference`, '/api/openapi.json'],
          [`${devJson.verify.url}/v1/reference`, '/v1/openapi.json'],
        ] as const
      ).map(async ([url, documentPath]) => {
        const script = await fetch(`${url}/scalar-api-reference.js`);
        expect(script.status).toBe(200);
        expect(script.headers.get('content-type')).toMatch(/javascript/);
        expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
        const document = (await (await fetch(new URL(documentPath, url))).json()) as OpenApiDocument;
        const titles = operationTitles(document);
        const { dom, log } = await renderOffline(url, titles.at(-1) ?? '');
        const text = sidebarText(dom);
        expect(titles.length).toBeGreaterThan(5);
        expect(
          titles.filter((title) => !text.includes(title)),
          `${url} logged:\n${log.join('\n')}`,
        ).toEqual([]);
      }),
    );

    // The operator plane is on locally, with an operator whose token dev.json holds beside the secret and the banner's curl.
    const operatorHeaders = { 'x-internal-secret': devJson.verify.internalSecret, authorization: `Bearer ${devJson.verify.operator.token}` };
    expect(devJson.verify.operator).toMatchObject({ token: expect.stringMatching(/^vop_/), role: 'admin' });
    expect(first.output()).toContain(`Bearer ${devJson.verify.operator.token}' ${devJson.verify.url}/v1/admin/tenants`);
    // Searched by name: with DATABASE_URL the database is shared, and its first page (oldest first) may be other tests' tenants.
    const tenantsPage = await fetch(`${devJson.verify.url}/v1/admin/tenants?q=Demo%20tenant`, { headers: operatorHeaders });
    expect(tenantsPage.status).toBe(200);
    expect(await tenantsPage.json()).toMatchObject({ tenants: expect.arrayContaining([expect.objectContaining({ name: 'Demo tenant' })]) });
    const operatorResponse = await fetch(`${devJson.verify.url}/v1/admin/openapi.json`, { headers: operatorHeaders });
    const operatorDocument = (await operatorResponse.json()) as Record<string, unknown>;
    expect(await new Validator().validate(operatorDocument)).toMatchObject({ valid: true });

    const me = await fetch(`${devJson.verify.url}/v1/me`, { headers: { authorization: `Bearer ${devJson.verify.apiKey}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ plan: { id: 'enterprise' } });
    const signIn = await fetch(`${devJson.launch.url}/api/v1/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: devJson.launch.user.email, password: devJson.launch.user.password }),
    });
    expect(signIn.status).toBe(201);
    // The stack connected the demo workspace to each fake network, and the banner lists them.
    expect(devJson.launch.connectionKeys).toMatch(/^dev:[A-Za-z0-9+/]{43}=$/);
    const cookie = /launch_session=[\w-]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
    const listed = (await (await fetch(`${devJson.launch.url}/api/v1/connections`, { headers: { cookie } })).json()) as {
      data: Array<{ id: string; channel: string; accountName: string; status: string }>;
    };
    expect(listed.data.map(({ channel, status }) => `${channel} ${status}`).sort()).toEqual(
      ['bluesky', 'linkedin', 'mastodon', 'threads', 'x'].map((channel) => `${channel} connected`),
    );
    for (const connection of listed.data) expect(first.output()).toContain(`${connection.accountName} (${connection.id})`);
    // The demo Bluesky account the banner names connects again by hand, replacing the same connection's credentials.
    expect(first.output()).toContain('on Settings → Connections: handle demo.bsky.test');
    const connected = await fetch(`${devJson.launch.url}/api/v1/connections/bluesky`, {
      method: 'POST',
      headers: { cookie, origin: devJson.launch.url, 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'demo.bsky.test', appPassword: 'demo-app-pass-word' }),
    });
    expect(connected.status, await connected.clone().text()).toBe(200);
    expect(await connected.json()).toMatchObject({
      id: listed.data.find((connection) => connection.channel === 'bluesky')!.id,
      accountName: '@demo.bsky.test',
      status: 'connected',
    });

    const launchKey = { 'x-api-key': devJson.launch.apiKey };
    expect(devJson.launch.internalSecret.length).toBeGreaterThanOrEqual(32);
    const post = await fetch(`${devJson.launch.url}/api/social-post/1790000000000000002`, { headers: launchKey });
    expect(await post.json()).toMatchObject({ id: '1790000000000000002', media: [{ type: 'photo' }, { type: 'photo' }] });
    const screenshot = await fetch(`${devJson.launch.url}/api/screenshot`, {
      method: 'POST',
      headers: { ...launchKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${devJson.launch.url}/api/health`, colorScheme: 'dark' }),
    });
    expect(screenshot.status, await screenshot.clone().text()).toBe(200);
    expect(await screenshot.json()).toMatchObject({ mimeType: 'image/png', width: 1280, height: 800, cached: false });
    const stats = await fetch(`${devJson.launch.url}/api/internal/cache/stats`, { headers: { 'x-internal-secret': devJson.launch.internalSecret } });
    expect(stats.status).toBe(200);

    // As Cloudflare does, the stack writes CF-Connecting-IP from the connection, whatever the client
    // claims: an endpoint that lets in only the claimed address refuses, naming the real one.
    const created = await fetch(`${devJson.verify.url}/v1/provider-endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${devJson.verify.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'postmark', label: 'claimed address', allowed_ips: ['203.0.113.0/24'] }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { delivery_url: deliveryUrl } = (await created.json()) as { delivery_url: string };
    // The Worker saw the URL the client called, on the advertised port.
    expect(deliveryUrl.startsWith(`${devJson.verify.url}/v1/`)).toBe(true);
    const claimed = { 'cf-connecting-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.9', 'true-client-ip': '203.0.113.9' };
    const delivery = await fetch(deliveryUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...claimed }, body: '{}' });
    expect(delivery.status).toBe(403);
    expect(await delivery.json()).toMatchObject({ message: 'Deliveries from 127.0.0.1 are not allowed on this endpoint.' });

    // What an IDE's stop button sends: everything stops, every port is free again.
    expect(await stop(first.child, 'SIGTERM')).toBe(0);
    expect(await portsFreed(first.ports, 0)).toEqual(allFree);

    // The second run is a machine without a system Chromium (and with a cache of its own, so the
    // browser wrapper other runs share is untouched): screenshots come from the npm package's.
    const second = await startDev({}, { [SYSTEM_CHROMIUM_ENV]: '', XDG_CACHE_HOME: cacheDir });
    expect(second.output()).toContain('reused the demo data');
    expect(second.output()).toContain('No system Chromium: screenshots use the one from npm');
    const again = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as DevJson;
    expect(again.launch.apiKey).toBe(devJson.launch.apiKey);
    expect(again.verify.apiKey).toBe(devJson.verify.apiKey);
    expect(again.verify.operator.token).toBe(devJson.verify.operator.token);
    expect(again.launch.internalSecret).toBe(devJson.launch.internalSecret);
    expect(again.launch.connectionKeys).toBe(devJson.launch.connectionKeys);
    // The fakes forgot every token; the same five connections were renewed, none added.
    for (const connection of listed.data) expect(second.output()).toContain(`(${connection.id})`);
    const fallbackShot = await fetch(`${again.launch.url}/api/screenshot`, {
      method: 'POST',
      headers: { ...launchKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${again.launch.url}/api/health`, colorScheme: 'light' }),
    });
    expect(fallbackShot.status, await fallbackShot.clone().text()).toBe(200);
    expect(await fallbackShot.json()).toMatchObject({ mimeType: 'image/png', width: 1280, height: 800, cached: false });
    // Killed outright, the stack cannot stop its children itself: its watchdog does.
    await stop(second.child, 'SIGKILL');
    expect(await portsFreed(second.ports)).toEqual(allFree);
  }, 600_000);

  // What an IDE's stop button or a process manager does: signal `npm run dev` itself, which passes
  // nothing on to the stack below its shell. Nothing of the stack may be left running or listening.
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`stops entirely when npm run dev alone gets ${signal}`, async () => {
      const dev = await startDev({}, {}, 'npm');
      const stack = descendantsOf(dev.child.pid!);
      // npm's shell, tsx, the stack, its watchdog, PostgreSQL (but with DATABASE_URL), two wrangler dev and their workerd.
      expect(stack.length).toBeGreaterThanOrEqual(8);
      await stop(dev.child, signal);
      // A hang guard, generous: the stack notices within a second and stops in a few more.
      const deadline = Date.now() + 15_000;
      while (running(stack).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
      expect(running(stack)).toEqual([]);
      expect(await portsFreed(dev.ports, 0)).toEqual(allFree);
    }, 120_000);
  }

  it('names the setting to change when a port is taken', async () => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)));
    try {
      await expect(startDev({ verifyPort: port })).rejects.toThrow(
        new RegExp(`Port ${port} \\(VERIFY_PORT\\) is already in use.*VERIFY_PORT=<port> npm run dev`),
      );
    } finally {
      holder.close();
    }
  });
});
