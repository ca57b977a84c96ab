import { codeAfter, enrolmentCode } from './totp-code';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalChromium } from '../../dev/chromium';
import { seriousViolations } from './axe-check';
import { type DevJson, startDev, stop } from './dev-process';

/**
 * A new user's way from approval to a published post, in Chromium against `npm run dev`'s stack, at
 * a desktop width and a 390 px phone: approve in the queue, follow the notice to Ready to schedule,
 * pick a time at a daylight-saving edge, pass the two-factor step, find it on the schedule at the
 * right instant; then schedule a post for the coming minutes, let the stack's minute cron publish
 * it through the demo connection `npm run dev` made to the fake network, and follow the post's URL
 * from its page to the fake. Every page of the app is checked with axe-core and must not scroll
 * sideways. SCREENSHOTS_DIR saves each page.
 */

const stateDir = mkdtempSync(join(tmpdir(), 'approval-path-'));
chmodSync(stateDir, 0o755);
const screenshotsDir = process.env.SCREENSHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let dev: Awaited<ReturnType<typeof startDev>> | undefined;
let browser: Browser | undefined;
let demo: DevJson['launch'];
let base: string;
const cspViolations: string[] = [];

/** Calls the API as the demo key, waiting out a 429 as its Retry-After asks, as a well-behaved client does. */
async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const send = () =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': demo.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response = await send();
  for (let retries = 0; response.status === 429 && retries < 5; retries++) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
    response = await send();
  }
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

async function newContext(viewport: { width: number; height: number }, timezoneId = 'UTC'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser!.newContext({ viewport, timezoneId, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return { context, page };
}

/** axe-core finds nothing serious or critical, and the page is no wider than the window. */
async function check(page: Page, name: string) {
  expect(await seriousViolations(page), page.url()).toEqual([]);
  const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
  expect(width, `${page.url()} is ${width} px wide`).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (screenshotsDir) {
    mkdirSync(screenshotsDir, { recursive: true });
    await page.screenshot({ path: join(screenshotsDir, `path-${name}-${page.viewportSize()!.width}.png`), fullPage: true });
  }
}

async function signIn(page: Page, code?: string) {
  await page.goto(`${base}/app/sign-in`);
  await page.getByLabel('Email').fill(demo.user.email);
  await page.getByLabel('Password').fill(demo.user.password);
  if (code) await page.getByLabel(/Two-factor code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/app/queue`).catch(async (error: Error) => {
    throw new Error(`${error.message}\nat ${page.url()}: ${await page.locator('main').textContent()}`);
  });
}

/** The next date (within a year, at least two days ahead) that is the nth Sunday of a month, or its last (n = -1). */
function nextSunday(month: number, n: number): string {
  const soon = Date.now() + 2 * 86_400_000;
  for (const year of [new Date().getUTCFullYear(), new Date().getUTCFullYear() + 1]) {
    const sundays = Array.from({ length: 31 }, (_, day) => new Date(Date.UTC(year, month - 1, day + 1))).filter(
      (date) => date.getUTCMonth() === month - 1 && date.getUTCDay() === 0,
    );
    const date = n === -1 ? sundays.at(-1)! : sundays[n - 1]!;
    if (date.getTime() > soon) return date.toISOString().slice(0, 10);
  }
  throw new Error('no such Sunday within a year');
}

/**
 * From the queue to the schedule, as a person whose sign-in had no two-factor code: the page warns
 * before the step, the step asks for password and code, and the time picked survives it.
 */
async function approveAndSchedule(
  page: Page,
  post: { id: string; copy: string },
  pick: { date: string; time: string; zone: string },
  code: () => Promise<string>,
) {
  // Lists show the start of the copy.
  const start = post.copy.slice(0, 16);
  await page.goto(`${base}/app/queue`);
  await check(page, 'queue');
  await page.getByRole('link', { name: start }).click();
  await check(page, 'review');
  await page.getByLabel('Approve this exact content').check();
  await page.getByRole('button', { name: 'Send decision' }).click();
  await page.waitForURL(`${base}/app/queue?done=approve`);
  await page.getByRole('status').getByRole('link', { name: 'Ready to schedule' }).click();
  await page.waitForURL(`${base}/app/ready`);
  await check(page, 'ready');
  const row = page.locator('tbody tr', { hasText: start });
  await row.getByRole('link', { name: /^Schedule/ }).click();
  await page.waitForURL(`${base}/app/posts/${post.id}#schedule-heading`);
  expect(await page.locator('#schedule-reauth').textContent()).toContain('You signed in without a two-factor code');
  await page.getByLabel('Date').fill(pick.date);
  await page.getByLabel('Time', { exact: true }).fill(pick.time);
  await page.getByLabel('Time zone').selectOption(pick.zone);
  await check(page, 'schedule-form');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm it is you');
  expect(await page.locator('input[type=hidden][name=time]').inputValue()).toBe(pick.time);
  expect(await page.locator('input[type=hidden][name=timeZone]').inputValue()).toBe(pick.zone);
  await check(page, 'reauth');
  await page.getByLabel('Password').fill(demo.user.password);
  await page.getByLabel('Two-factor code').fill(await code());
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
  await page.waitForURL(`${base}/app/schedule?done=scheduled`);
  await check(page, 'schedule');
  const upcoming = page.locator('section', { has: page.getByRole('heading', { name: 'Upcoming' }) });
  const entry = upcoming.locator('tr', { hasText: start });
  return entry.locator('time').getAttribute('datetime');
}

/**
 * The time, in UTC, that the stack's next minute tick finds due: the minute under way, which the
 * schedule still takes (a minute of clock skew is allowed) while at least 20 s of that remain for the
 * form; else the next minute. The wait is then what is left of the current minute, with no lead on
 * top of it. Should the form outlast the next minute's start, the tick after it publishes the post.
 */
function comingMinute(): { date: string; time: string; zone: string; iso: string } {
  const now = Date.now();
  const minute = now - (now % 60_000);
  const at = new Date(now - minute < 40_000 ? minute : minute + 60_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16), zone: 'UTC', iso: at };
}

/** Approves and schedules from a session that has passed the two-factor step already (it is asked again only if it lapsed). */
async function approveAndScheduleSoon(page: Page, post: { id: string; copy: string }, code: () => Promise<string>) {
  const start = post.copy.slice(0, 16);
  await page.goto(`${base}/app/queue`);
  await page.getByRole('link', { name: start }).click();
  await page.getByLabel('Approve this exact content').check();
  await page.getByRole('button', { name: 'Send decision' }).click();
  await page.waitForURL(`${base}/app/queue?done=approve`);
  await page.goto(`${base}/app/ready`);
  await page
    .locator('tbody tr', { hasText: start })
    .getByRole('link', { name: /^Schedule/ })
    .click();
  const pick = comingMinute();
  await page.getByLabel('Date').fill(pick.date);
  await page.getByLabel('Time', { exact: true }).fill(pick.time);
  await page.getByLabel('Time zone').selectOption(pick.zone);
  await page.getByRole('button', { name: 'Schedule' }).click();
  const confirm = page.getByRole('heading', { level: 1, name: 'Confirm it is you' });
  await Promise.race([page.waitForURL(`${base}/app/schedule?done=scheduled`), confirm.waitFor()]);
  if (await confirm.isVisible()) {
    await page.getByLabel('Password').fill(demo.user.password);
    await page.getByLabel('Two-factor code').fill(await code());
    await page.getByRole('button', { name: 'Confirm and continue' }).click();
  }
  await page.waitForURL(`${base}/app/schedule?done=scheduled`);
  return pick.iso;
}

/** The post's page once the cron has published it: the URL it shows, after the page passed the checks. */
async function publishedPage(page: Page, post: { id: string; copy: string }, name: string): Promise<string> {
  await page.goto(`${base}/app/posts/${post.id}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('published');
  await check(page, name);
  const link = page.locator('dt:has-text("Published at") + dd a');
  const href = (await link.getAttribute('href'))!;
  expect(await link.textContent()).toBe(href);
  await link.click();
  await page.waitForURL(href);
  expect(await page.locator('body').textContent()).toContain(post.copy);
  return href;
}

describe('from approval to a published post in Chromium', () => {
  beforeAll(async () => {
    dev = await startDev(stateDir);
    ({ launch: demo } = JSON.parse(readFileSync(join(stateDir, 'dev.json'), 'utf8')) as DevJson);
    base = demo.url;
    browser = await chromium.launch({ executablePath: ensureLocalChromium().executable ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (dev) await stop(dev.child, 'SIGTERM');
    rmSync(stateDir, { recursive: true, force: true });
  }, 60_000);

  it('approves, schedules through the two-factor step, and follows each post published on a fake network to its URL, at desktop and phone widths', async () => {
    const release = await api<{ id: string }>('POST', '/api/v1/releases', { version: 'v4.0.0', title: 'Offline mode', notes: 'Works offline.' });
    const longUrl = `https://example.com/releases/v4.0.0/${'offline-mode-'.repeat(8)}notes`;
    const campaign = await api<{ id: string; posts: Array<{ id: string; copy: string }> }>('POST', '/api/v1/campaigns', {
      name: 'Launch v4',
      objective: 'Tell users about offline mode',
      releaseId: release.id,
      posts: [
        { channel: 'x', copy: 'v4 works offline.' },
        { channel: 'bluesky', copy: `v4: offline mode. ${longUrl}` },
        { channel: 'threads', copy: 'Threads hears it first: the new release runs without a network.' },
        { channel: 'mastodon', copy: 'Mastodon hears it first: the new release runs without a network.' },
      ],
    });
    await api('POST', `/api/v1/campaigns/${campaign.id}/review-requests`);
    const [desktopPost, phonePost, desktopSoon, phoneSoon] = campaign.posts;

    // Both signed in with a password only, before two-factor is on: scheduling will ask for a code.
    const desktop = await newContext(DESKTOP, 'America/New_York');
    const phone = await newContext(PHONE, 'Europe/Kyiv');
    await signIn(desktop.page);
    await signIn(phone.page);

    // A third browser turns two-factor on and sets the publishing endpoint (nothing falls due during the test).
    const setup = await newContext(DESKTOP);
    await signIn(setup.page);
    await setup.page.goto(`${base}/app/two-factor`);
    await setup.page.getByRole('button', { name: 'Set up two-factor' }).click();
    const secret = (await setup.page.locator('#totp-secret').textContent())!.replace(/\s/g, '');
    // A step early, so that neither scheduling's code below waits for a new step.
    let { code, step } = enrolmentCode(secret);
    await setup.page.getByLabel('Code from the app').fill(code);
    await setup.page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect.poll(() => setup.page.getByRole('status').textContent()).toContain('Two-factor authentication is on');
    await setup.page.goto(`${base}/app/settings/publishing`);
    await setup.page.getByLabel(/^URL/).fill('https://127.0.0.1:9/hooks');
    await setup.page.getByRole('button', { name: 'Save endpoint' }).click();
    await setup.context.close();

    // Each code is taken when the page asks for it, so any wait for a new step overlaps the pages before.
    const nextCode = async () => {
      ({ code, step } = await codeAfter(secret, step));
      return code;
    };

    // Desktop, New York: 01:30 on the night the clocks go back happens twice; the first (EDT, -4) is meant.
    const autumn = nextSunday(11, 1);
    const desktopAt = await approveAndSchedule(desktop.page, desktopPost!, { date: autumn, time: '01:30', zone: 'America/New_York' }, nextCode);
    expect(desktopAt).toBe(`${autumn}T05:30:00.000Z`);

    // Phone, Kyiv: 04:15 just after the spring jump (03:00 → 04:00) is summer time, +3.
    const spring = nextSunday(3, -1);
    const phoneAt = await approveAndSchedule(phone.page, phonePost!, { date: spring, time: '04:15', zone: 'Europe/Kyiv' }, nextCode);
    expect(phoneAt).toBe(`${spring}T01:15:00.000Z`);

    // Two posts for the coming minutes, one from each width, through the demo connections of npm run dev.
    const desktopDue = await approveAndScheduleSoon(desktop.page, desktopSoon!, nextCode);
    const phoneDue = await approveAndScheduleSoon(phone.page, phoneSoon!, nextCode);
    type Read = { status: string; delivery: { status: string; scheduledFor: string; externalUrl: string | null; lastError: string | null } };
    // The stack's minute cron publishes them; the wait is bounded by the cron, not a measurement.
    for (const [post, due] of [
      [desktopSoon!, desktopDue],
      [phoneSoon!, phoneDue],
    ] as const) {
      await expect
        .poll(async () => (await api<Read>('GET', `/api/v1/posts/${post.id}`)).delivery, { timeout: 240_000, interval: 3_000 })
        .toMatchObject({ status: 'published', scheduledFor: due });
    }
    const desktopUrl = await publishedPage(desktop.page, desktopSoon!, 'published');
    const phoneUrl = await publishedPage(phone.page, phoneSoon!, 'published');
    expect(desktopUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/@demo_threads\/post\//);
    expect(phoneUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/@demo\/\d+$/);
    expect((await api<Read>('GET', `/api/v1/posts/${desktopSoon!.id}`)).delivery.externalUrl).toBe(desktopUrl);
    // The schedule lists them as published, with the link out.
    await phone.page.goto(`${base}/app/schedule`);
    await check(phone.page, 'schedule-published');
    expect(await phone.page.getByRole('link', { name: 'See it live' }).evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      expect.arrayContaining([desktopUrl, phoneUrl]),
    );

    // The API reads each post on its own, with its delivery.
    const read = await api<{ status: string; delivery: { status: string; scheduledFor: string } }>('GET', `/api/v1/posts/${phonePost!.id}`);
    expect(read).toMatchObject({ status: 'scheduled', delivery: { status: 'pending', scheduledFor: `${spring}T01:15:00.000Z` } });

    // Nothing is left waiting for a time, and every page of the app fits the phone.
    await phone.page.goto(`${base}/app/ready`);
    expect(await phone.page.getByText('No approved post is waiting').isVisible()).toBe(true);
    for (const path of [
      `/app/posts/${phonePost!.id}`,
      `/app/campaigns/${campaign.id}/audit`,
      '/app/settings/members',
      '/app/settings/api-keys',
      '/app/settings/publishing',
      '/app/settings/connections',
      '/app/two-factor',
    ]) {
      await phone.page.goto(`${base}${path}`);
      await check(
        phone.page,
        path
          .split('/')
          .filter((part) => part && !/_/.test(part))
          .join('-'),
      );
    }
    const trail = await phone.page.goto(`${base}/app/campaigns/${campaign.id}/audit`).then(() => phone.page.locator('tbody').textContent());
    expect(trail).toContain('Bluesky post');
    expect(trail).toContain('API key “dev (all scopes)”');
    const signedOut = await newContext(PHONE);
    await signedOut.page.goto(`${base}/app/sign-in`);
    await check(signedOut.page, 'sign-in');

    expect(cspViolations).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
    await signedOut.context.close();
  }, 600_000);
});
