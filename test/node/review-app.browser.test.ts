import { codeAfter } from './totp-code';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalChromium } from '../../dev/chromium';
import { corpusSources } from '../fixtures/release-notes/sources';
import { seriousViolations } from './axe-check';
import { type DevJson, startDev, stop } from './dev-process';

/**
 * The review app driven in Debian's Chromium against the launch Worker under `wrangler dev` (the
 * stack `npm run dev` starts): what a reviewer does, with axe-core checking each page and the
 * browser reporting any CSP violation. SCREENSHOTS_DIR=docs/screenshots also saves each page in
 * light and dark.
 */

const stateDir = mkdtempSync(join(tmpdir(), 'review-app-'));
chmodSync(stateDir, 0o755);
const screenshotsDir = process.env.SCREENSHOTS_DIR;

interface Campaign {
  id: string;
  posts: Array<{ id: string; status: string }>;
}

let dev: Awaited<ReturnType<typeof startDev>> | undefined;
let browser: Browser | undefined;
let demo: DevJson['launch'];
let base: string;
const cspViolations: string[] = [];

/** A JSON call with the demo key, or with a session cookie where the operation is for people only. */
async function api<T = unknown>(method: string, path: string, body?: unknown, credential: Record<string, string> = { 'x-api-key': demo.apiKey }): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...credential, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<T>;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  return page;
}

/** axe-core on the page as rendered: no serious or critical violation. Injected over CDP, so the CSP stays on. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page), page.url()).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  if (!screenshotsDir) return;
  mkdirSync(screenshotsDir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: join(screenshotsDir, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function signIn(page: Page, code?: string) {
  await page.goto(`${base}/app/queue`);
  await expect.poll(() => page.url()).toContain('/app/sign-in?next=%2Fapp%2Fqueue');
  await page.getByLabel('Email').fill(demo.user.email);
  await page.getByLabel('Password').fill(demo.user.password);
  if (code) await page.getByLabel(/Two-factor code/).fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/app/queue`);
}

/** The accept link of the invitation emailed to `email`, as the dev stack's Resend stand-in received it (the minute cron sends it). */
async function emailedInvitation(email: string): Promise<string> {
  const standIn = dev!.output().match(/what launch emailed and posted to chat is listed at (http:\/\/\S+?)\/ /)?.[1];
  if (!standIn) throw new Error('The dev banner names no email stand-in.');
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const { emails } = (await (await fetch(`${standIn}/control/messages?to=${encodeURIComponent(email)}`)).json()) as {
      emails: Array<{ text: string | null }>;
    };
    const link = emails.map((sent) => sent.text?.match(/https?:\/\/\S+\/app\/invitations\/accept\?token=[\w-]+/)?.[0]).find(Boolean);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`No invitation email reached ${email} within 150 s.`);
}

describe('review app in Chromium', () => {
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

  // First, before two-factor is turned on; its post stays a draft, out of the review queue the next test counts.
  it('marks the sentences of an edited post that the release notes do not support, above the copy and beside its sources', async () => {
    const entry = corpusSources.find((source) => source.id === 'svelte-5.56.10')!;
    const notes = readFileSync(new URL(`../fixtures/release-notes/${entry.id}.md`, import.meta.url), 'utf8');
    const release = await api<{ id: string }>('POST', '/api/v1/releases', { version: entry.version, title: entry.title, url: entry.sourceUrl, notes });
    const brief = await api<{ id: string }>('POST', `/api/v1/releases/${release.id}/briefs`);
    const drafted = await api<{ posts: Array<{ id: string; copy: string }> }>('POST', `/api/v1/briefs/${brief.id}/campaigns`, { channels: ['linkedin'] });
    const post = drafted.posts[0]!;
    const invented = 'Trusted by millions of teams worldwide.';
    await api('PATCH', `/api/v1/posts/${post.id}`, { copy: `${post.copy}\n\n${invented}` });

    const context = await browser!.newContext();
    const page = await newPage(context);
    await signIn(page);
    await page.goto(`${base}/app/posts/${post.id}`);
    expect(await page.getByRole('alert').textContent()).toContain('1 sentence is not supported by the release notes');
    const panel = page.getByRole('region', { name: 'Sources' });
    expect(await panel.textContent()).toContain('Edited since drafting');
    const marked = panel.locator('li.unsupported');
    expect(await marked.count()).toBe(1);
    expect(await marked.locator('.claim').textContent()).toBe(invented);
    expect(await marked.locator('.badge').textContent()).toBe('Unsupported');
    expect(await panel.getByRole('list', { name: `Why it is unsupported: ${invented}` }).textContent()).toContain('“Trusted” is in no cited line');
    // The drafted sentences still stand beside the lines they cite.
    expect(await panel.locator('li:not(.unsupported)').first().textContent()).toMatch(/Release (notes, lines? \d+|version|title)/);
    await expectAccessible(page);
    await screenshot(page, 'review-edited-sources');
    await context.close();
  }, 120_000);

  it('signs in, enrols two-factor, invites a reviewer who joins, makes and revokes a key, decides, schedules, cancels, and refuses a stale decision and API keys', async () => {
    const release = await api<{ id: string }>('POST', '/api/v1/releases', { version: 'v2.0.0', title: 'Faster sync', notes: 'Sync is 3x faster.' });
    const campaign = await api<Campaign>('POST', '/api/v1/campaigns', {
      name: 'Launch v2',
      objective: 'Tell users about v2',
      releaseId: release.id,
      posts: [
        { channel: 'x', copy: 'v2 is out: sync is 3x faster.' },
        { channel: 'linkedin', copy: 'Version 2 makes sync three times faster.' },
        { channel: 'bluesky', copy: 'v2: faster sync for everyone.' },
      ],
    });
    await api('POST', `/api/v1/campaigns/${campaign.id}/review-requests`);
    const [xPost, linkedinPost, blueskyPost] = campaign.posts;

    // Two browsers of the same person, both signed in before two-factor is on.
    const first = await browser!.newContext({ timezoneId: 'Europe/Berlin' });
    const second = await browser!.newContext({ timezoneId: 'Europe/Berlin' });
    const page = await newPage(first);
    const other = await newPage(second);
    await signIn(page);
    await signIn(other);
    await screenshot(page, 'queue');

    // Two-factor enrolment: the QR code, the key for typing, the confirmation.
    await page.getByRole('link', { name: 'Two-factor' }).click();
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    await expect.poll(() => page.getByRole('img', { name: /QR code to add Launch/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'two-factor');
    const secret = (await page.locator('#totp-secret').textContent())!.replace(/\s/g, '');
    const enrolled = await codeAfter(secret, 0);
    await page.getByLabel('Code from the app').fill(enrolled.code);
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('Two-factor authentication is on');

    // Members: invite a reviewer (a fresh two-factor sign-in, so no second prompt); the dev stack
    // emails the link (to its local Resend stand-in), and the page does not show it.
    await page.getByRole('link', { name: 'Members' }).click();
    const reviewerEmail = `reviewer-${Date.now()}@example.test`;
    await page.getByLabel('Email').fill(reviewerEmail);
    await page.locator('#invite-role').selectOption('reviewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    expect(await page.getByText(/they are emailed a link that works once/).isVisible()).toBe(true);
    expect(await page.getByLabel(`Invitation link for ${reviewerEmail}`).count()).toBe(0);
    // The minute cron sends it: the rest of the test goes on meanwhile, the reviewer joins at its end.
    const invitationEmailed = emailedInvitation(reviewerEmail);
    invitationEmailed.catch(() => {});
    expect(await page.getByRole('table', { name: /Pending invitations/ }).textContent()).toContain(reviewerEmail);
    await expectAccessible(page);
    await screenshot(page, 'members');

    // API keys: scopes from what the role and plan allow, the secret once, revocation refused by the JSON API at once.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel(/^Name/).fill('Release bot');
    await page.getByRole('checkbox', { name: 'release:create' }).check();
    await page.getByRole('checkbox', { name: 'artifact:read' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const keySecret = await page.getByLabel('Secret of the key “Release bot”').inputValue();
    const withKey = () => fetch(`${base}/api/v1/releases`, { headers: { 'x-api-key': keySecret } }).then((response) => response.status);
    expect(await withKey()).toBe(200);
    await expectAccessible(page);
    await screenshot(page, 'api-keys');
    await page.getByRole('button', { name: 'Revoke the key Release bot' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Revoke the key “Release bot”?');
    expect(await withKey()).toBe(200);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('Key revoked');
    expect(await withKey()).toBe(401);

    // Where posts are published, set in person with the fresh two-factor sign-in; nothing falls due during the test.
    await page.getByRole('link', { name: 'Publishing' }).click();
    await page.getByLabel(/^URL/).fill('https://127.0.0.1:9/hooks');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    expect(await page.getByLabel('Signing secret for https://127.0.0.1:9/hooks').inputValue()).toMatch(/^whsec_/);
    await expectAccessible(page);
    await screenshot(page, 'publishing');

    // The queue, oldest first, with campaign, channel and release.
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.waitForURL(`${base}/app/queue`);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('Launch v2');
    expect(await rows.first().textContent()).toContain('v2.0.0');
    await expectAccessible(page);

    // The x post: copy against its limit, no earlier review; approve it with the keyboard.
    await page.getByRole('link', { name: /v2 is out/ }).click();
    expect(await page.locator('#length-text').textContent()).toBe('29 / 280 weighted characters');
    expect(await page.getByText('First review').isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'review');
    await page.getByLabel('Approve this exact content').check();
    await page.getByLabel(/^Note/).fill('Good to go');
    // The next stop after the note is the button: the form works from the keyboard.
    await page.getByLabel(/^Note/).press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}/app/queue?done=approve`);

    // The linkedin post: changes requested, with a note.
    await page.goto(`${base}/app/posts/${linkedinPost!.id}`);
    await page.getByLabel('Request changes').check();
    await page.getByLabel(/^Note/).fill('Name the release in the first line');
    await page.getByRole('button', { name: 'Send decision' }).click();
    await page.waitForURL(`${base}/app/queue?done=request_changes`);

    // A stale decision: the other browser has the bluesky post open while it is sent back, edited and resubmitted.
    await other.goto(`${base}/app/posts/${blueskyPost!.id}`);
    await page.goto(`${base}/app/posts/${blueskyPost!.id}`);
    await page.getByLabel('Request changes').check();
    await page.getByLabel(/^Note/).fill('Say how much faster');
    await page.getByRole('button', { name: 'Send decision' }).click();
    await api('PATCH', `/api/v1/posts/${blueskyPost!.id}`, { copy: 'v2: sync is 3x faster for everyone.' });
    await api('POST', `/api/v1/campaigns/${campaign.id}/review-requests`);
    await other.getByLabel('Approve this exact content').check();
    await other.getByRole('button', { name: 'Send decision' }).click();
    await expect.poll(() => other.getByRole('alert').textContent()).toContain('this post was edited after you opened it');
    expect((await other.locator('ins').allInnerTexts()).join('')).toContain('3x');
    expect(await other.getByText('Say how much faster').isVisible()).toBe(true);
    await expectAccessible(other);
    await screenshot(other, 'review-changed');
    expect((await api<Campaign>('GET', `/api/v1/campaigns/${campaign.id}`)).posts[2]!.status).toBe('in_review');

    // Scheduling from the browser whose sign-in had no two-factor: it asks again, then carries on.
    await other.goto(`${base}/app/posts/${xPost!.id}`);
    expect(await other.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    const nextYear = new Date().getUTCFullYear() + 1;
    await other.getByLabel('Date').fill(`${nextYear}-06-01`);
    await other.getByLabel('Time', { exact: true }).fill('09:30');
    await other.getByRole('button', { name: 'Schedule' }).click();
    await expect.poll(() => other.getByRole('heading', { level: 1 }).textContent()).toBe('Confirm it is you');
    await expectAccessible(other);
    await screenshot(other, 're-authenticate');
    await other.getByLabel('Password').fill(demo.user.password);
    await other.getByLabel('Two-factor code').fill((await codeAfter(secret, enrolled.step)).code);
    await other.getByRole('button', { name: 'Confirm and continue' }).click();
    await other.waitForURL(`${base}/app/schedule?done=scheduled`);
    const upcoming = other.locator('section', { has: other.getByRole('heading', { name: 'Upcoming' }) });
    expect(await upcoming.textContent()).toContain('v2 is out');
    expect(await upcoming.locator('time').first().getAttribute('datetime')).toBe(`${nextYear}-06-01T07:30:00.000Z`);
    await expectAccessible(other);
    await screenshot(other, 'schedule');

    // Cancelling: the fresh sign-in goes straight through.
    await other.goto(`${base}/app/posts/${xPost!.id}`);
    await other.getByRole('button', { name: 'Take off the schedule' }).click();
    await expect.poll(() => other.getByRole('status').textContent()).toContain('Taken off the schedule');
    await other.getByRole('link', { name: 'Schedule', exact: true }).click();
    expect(await other.getByText('Nothing is scheduled.').isVisible()).toBe(true);

    // The campaign's audit trail: every decision with its note, the schedule and the cancellation.
    await other.goto(`${base}/app/campaigns/${campaign.id}/audit`);
    const trail = await other.locator('tbody').textContent();
    for (const entry of ['approve', 'request changes', 'schedule', 'cancel', 'Good to go', 'Name the release in the first line'])
      expect(trail).toContain(entry);
    await expectAccessible(other);
    await screenshot(other, 'audit');

    const visitor = await newPage(await browser!.newContext());
    await visitor.goto(`${base}/app/sign-in`);
    await expectAccessible(visitor);
    await screenshot(visitor, 'sign-in');

    // A post drafted from a brief: each sentence beside the release notes' lines it cites.
    const viteNotes = readFileSync(new URL('../fixtures/release-notes/vite-7.0.0.md', import.meta.url), 'utf8');
    const viteRelease = await api<{ id: string }>('POST', '/api/v1/releases', {
      version: 'v7.0.0',
      title: 'Vite v7.0.0',
      url: 'https://github.com/vitejs/vite/blob/main/packages/vite/CHANGELOG.md',
      notes: viteNotes,
    });
    const brief = await api<{ id: string }>('POST', `/api/v1/releases/${viteRelease.id}/briefs`);
    const drafted = await api<Campaign>('POST', `/api/v1/briefs/${brief.id}/campaigns`, { channels: ['linkedin'] });
    await api('POST', `/api/v1/campaigns/${drafted.id}/review-requests`);
    await other.goto(`${base}/app/posts/${drafted.posts[0]!.id}`);
    const sourcesPanel = other.getByRole('region', { name: 'Sources' });
    expect(await sourcesPanel.textContent()).toMatch(/Release notes, lines? \d+/);
    await expectAccessible(other);
    await screenshot(other, 'review-sources');

    // An API key reaches no page and no page action, even with every scope.
    for (const [method, path] of [
      ['GET', '/app/queue'],
      ['GET', `/app/posts/${blueskyPost!.id}`],
      ['POST', `/app/posts/${blueskyPost!.id}/decision`],
      ['POST', `/app/posts/${xPost!.id}/schedule`],
      ['POST', `/app/posts/${xPost!.id}/cancel`],
      ['GET', '/app/settings/api-keys'],
      ['POST', '/app/settings/api-keys'],
      ['POST', '/app/settings/members/invite'],
    ] as const) {
      const response = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: { 'x-api-key': demo.apiKey, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: method === 'POST' ? 'decision=approve&date=2030-01-01&time=10:00&timeZone=UTC' : undefined,
      });
      expect(response.status, path).toBe(403);
    }
    expect((await api<Campaign>('GET', `/api/v1/campaigns/${campaign.id}`)).posts.map((post) => post.status)).toEqual(['approved', 'in_review', 'in_review']);

    // Rather than wait out the rest of the minute for the stack's ticker, fire the cron now as the
    // ticker does (wrangler dev's /__scheduled): the same scheduled handler sends the outbox to the
    // Resend stand-in. approval-path.browser.test.ts watches the ticker itself publish posts.
    const cron = await fetch(`${base}/__scheduled?cron=${encodeURIComponent('* * * * *')}`);
    expect(cron.status, await cron.text()).toBe(200);
    const acceptUrl = await invitationEmailed;
    expect(acceptUrl).toContain(`${base}/app/invitations/accept?token=lkinv_`);
    // The reviewer opens the link in their own browser, creates the account, is signed in, and can sign in again later.
    const invitee = await newPage(await browser!.newContext({ timezoneId: 'Europe/Berlin' }));
    await invitee.goto(acceptUrl);
    expect(await invitee.getByRole('heading', { level: 1 }).textContent()).toContain('Join');
    expect(await invitee.locator('dl.facts').textContent()).toContain(reviewerEmail);
    await expectAccessible(invitee);
    await screenshot(invitee, 'accept-invitation');
    await invitee.getByLabel('Your name').fill('Rae Reviewer');
    await invitee.getByLabel(/^Password/).fill('a long enough password');
    await invitee.getByRole('button', { name: 'Create account and join' }).click();
    await invitee.waitForURL(`${base}/app/queue?done=joined`);
    expect(await invitee.getByText('Rae Reviewer · reviewer').isVisible()).toBe(true);
    await invitee.getByRole('button', { name: 'Sign out' }).click();
    await invitee.getByLabel('Email').fill(reviewerEmail);
    await invitee.getByLabel('Password').fill('a long enough password');
    await invitee.getByRole('button', { name: 'Sign in' }).click();
    await invitee.waitForURL(`${base}/app/queue`);
    expect(await invitee.getByRole('link', { name: 'API keys' }).count()).toBe(0);
    await invitee.goto(acceptUrl);
    expect(await invitee.getByRole('alert').textContent()).toContain('This invitation was already used');
    await invitee.context().close();

    expect(cspViolations).toEqual([]);
    await first.close();
    await second.close();
  }, 300_000);
});
