import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { callLaunch, createCampaign } from '../../../test/workers/launch-flow';
import { atomFeed, callLocal, cronTick, freshPath, freshRepository, githubRelease, requestsFor, serve, standInUrl } from '../../../test/workers/intake';
import { seedWorkspace } from '../../../test/workers/seed';
import { userUrlPolicy } from '../../../shared/net/ssrf';
import { readSource } from '../intake/readers';
import { pollDueSources } from '../intake/scheduled';
import { localEnv } from '../../../test/workers/intake';

type Source = {
  id: string;
  kind: string;
  status: string;
  url: string;
  repository: string | null;
  tokenSet: boolean;
  webhook: { url: string; secretSet: boolean } | null;
  webhookSecret?: string | null;
  state: {
    lastCheckedAt: string | null;
    lastChangedAt: string | null;
    lastError: { message: string } | null;
    consecutiveFailures: number;
    nextCheckAt: string | null;
    releasesCreated: number;
  };
};
type Check = { source: Source; result: { status: string; created: string[]; updated: string[]; revised: string[]; linked: string[]; error: string | null } };
type Release = {
  id: string;
  version: string;
  title: string;
  notes: string;
  url: string | null;
  source: string;
  revision: number;
  previousRevisionId: string | null;
  publishedAt: string | null;
  provenance: Array<{ sourceId: string | null; kind: string; externalId: string; url: string | null }>;
};

const writer = () => seedWorkspace({ scopes: ['source:write', 'artifact:read', 'release:create'] });

async function register(auth: Record<string, string>, body: Record<string, unknown>, idempotencyKey?: string): Promise<Source> {
  const response = await callLocal('POST', '/api/v1/sources', auth, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Source;
}

async function sync(auth: Record<string, string>, sourceId: string): Promise<Check> {
  const response = await callLocal('POST', `/api/v1/sources/${sourceId}/sync`, auth);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Check;
}

async function releases(auth: Record<string, string>): Promise<Release[]> {
  return ((await (await callLaunch('GET', '/api/v1/releases?limit=100', auth)).json()) as { data: Release[] }).data;
}

const entry240 = {
  id: 'urn:r:2.4.0',
  title: 'Acme Widget 2.4.0',
  html: '<p>Dark mode everywhere.</p><ul><li>Dark editor</li></ul>',
  published: '2026-03-02T10:00:00Z',
};
const entry231 = { id: 'urn:r:2.3.1', title: 'Acme Widget 2.3.1', html: '<p>Fixes a crash.</p>', published: '2026-02-10T09:00:00Z' };

/**
 * Cron ticks until the source has been checked: a run takes the sources due the longest first, at
 * most 25, and sources other test runs left in the database may be due before it.
 */
async function cronTickUntilChecked(auth: Record<string, string>, sourceId: string): Promise<void> {
  for (let tick = 0; tick < 10; tick++) {
    await cronTick();
    const source = (await (await callLaunch('GET', `/api/v1/sources/${sourceId}`, auth)).json()) as Source;
    if (source.state.nextCheckAt && new Date(source.state.nextCheckAt).getTime() - Date.now() > 6 * 60_000) return;
  }
  throw new Error('the cron never checked the source');
}

describe('feed sources', () => {
  it('turns feed entries into releases with provenance, then polls with If-None-Match and a 304 changes nothing', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry240, entry231]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path) });
    expect(source).toMatchObject({ kind: 'feed', status: 'active', webhook: null, webhookSecret: null, state: { lastCheckedAt: null, releasesCreated: 0 } });

    const first = await sync(auth, source.id);
    expect(first.result).toMatchObject({ status: 'checked', error: null });
    expect(first.result.created).toHaveLength(2);
    expect(first.source.state).toMatchObject({ releasesCreated: 2, consecutiveFailures: 0, lastError: null });
    expect(first.source.state.lastChangedAt).toBe(first.source.state.lastCheckedAt);
    const made = await releases(auth);
    expect(made.map((release) => release.version).sort()).toEqual(['2.3.1', '2.4.0']);
    const newest = made.find((release) => release.version === '2.4.0')!;
    expect(newest).toMatchObject({
      title: 'Acme Widget 2.4.0',
      notes: 'Dark mode everywhere.\n\n- Dark editor',
      source: 'rss',
      revision: 1,
      publishedAt: '2026-03-02T10:00:00.000Z',
      provenance: [{ sourceId: source.id, kind: 'feed', externalId: 'urn:r:2.4.0', url: 'https://acme.example/urn%3Ar%3A2.4.0' }],
    });

    const second = await sync(auth, source.id);
    expect(second.result).toMatchObject({ status: 'not_modified', created: [] });
    expect(second.source.state.lastChangedAt).toBe(first.source.state.lastChangedAt);
    const seen = await requestsFor(path);
    expect(seen.map((request) => request.status)).toEqual([200, 304]);
    expect(seen[1]!.ifNoneMatch).toMatch(/^"[0-9a-f]+"$/);
    expect(await releases(auth)).toHaveLength(2);
  });

  it('a new entry becomes a release at the next cron tick, once', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry231]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path) });
    await sync(auth, source.id);
    await serve(path, { body: atomFeed([entry240, entry231]), contentType: 'application/atom+xml' });
    // Due now, as a source is when its interval has passed.
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'paused' });
    await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'active' });
    await cronTickUntilChecked(auth, source.id);
    const after = await releases(auth);
    expect(after.map((release) => release.version).sort()).toEqual(['2.3.1', '2.4.0']);
    const read = (await (await callLaunch('GET', `/api/v1/sources/${source.id}`, auth)).json()) as Source;
    expect(read.state.releasesCreated).toBe(2);
    expect(new Date(read.state.nextCheckAt!).getTime() - new Date(read.state.lastCheckedAt!).getTime()).toBe(10 * 60_000);
    await cronTick();
    expect(await releases(auth)).toHaveLength(2);
  });

  it('makes only the backfill newest entries releases on the first check, and records the rest as seen', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    const old = { id: 'urn:r:1.0.0', title: 'Version 1.0.0', html: '<p>First.</p>', published: '2025-01-01T00:00:00Z' };
    await serve(path, { body: atomFeed([entry231, old, entry240]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path), backfill: 1 });
    const checked = await sync(auth, source.id);
    expect(checked.result.created).toHaveLength(1);
    expect((await releases(auth)).map((release) => release.version)).toEqual(['2.4.0']);
  });

  it('an edited entry corrects its release; once a campaign uses it, the edit is a new revision', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path) });
    const [created] = (await sync(auth, source.id)).result.created;

    await serve(path, {
      body: atomFeed([{ ...entry240, html: '<p>Dark mode everywhere, and faster builds.</p>', updated: '2026-03-03T10:00:00Z' }]),
      contentType: 'application/atom+xml',
    });
    const edited = await sync(auth, source.id);
    expect(edited.result).toMatchObject({ status: 'checked', created: [], updated: [created], revised: [] });
    const release = (await (await callLaunch('GET', `/api/v1/releases/${created}`, auth)).json()) as Release;
    expect(release).toMatchObject({ notes: 'Dark mode everywhere, and faster builds.', revision: 1 });
    const audit = (await (await callLaunch('GET', `/api/v1/releases/${created}/audit`, auth)).json()) as { data: Array<{ action: string }> };
    expect(audit.data.map((event) => event.action)).toEqual(['create', 'update']);

    const campaign = await createCampaign(auth, [{ channel: 'x', copy: 'v2.4 is out' }]);
    const linked = await callLaunch('PATCH', `/api/v1/campaigns/${campaign.id}`, auth, { releaseId: created });
    expect(linked.status, await linked.clone().text()).toBe(200);
    await serve(path, {
      body: atomFeed([{ ...entry240, html: '<p>Dark mode everywhere, faster builds, fewer bugs.</p>', updated: '2026-03-04T10:00:00Z' }]),
      contentType: 'application/atom+xml',
    });
    const revised = await sync(auth, source.id);
    expect(revised.result.revised).toHaveLength(1);
    const unchanged = (await (await callLaunch('GET', `/api/v1/releases/${created}`, auth)).json()) as Release;
    expect(unchanged.notes).toBe('Dark mode everywhere, and faster builds.');
    const next = (await (await callLaunch('GET', `/api/v1/releases/${revised.result.revised[0]}`, auth)).json()) as Release;
    expect(next).toMatchObject({ version: '2.4.0', revision: 2, previousRevisionId: created, notes: 'Dark mode everywhere, faster builds, fewer bugs.' });
    expect(next.provenance).toEqual([expect.objectContaining({ sourceId: source.id, externalId: 'urn:r:2.4.0' })]);
  });

  it('records a failed check and backs off; the next good check clears the error', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: 'down for maintenance', status: 503 });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path), pollIntervalMinutes: 5 });
    const failed = await sync(auth, source.id);
    expect(failed.result).toMatchObject({ status: 'failed', error: 'The server answered 503.' });
    expect(failed.source.state).toMatchObject({ consecutiveFailures: 1, lastError: { message: 'The server answered 503.' } });
    const wait = (check: Check) => new Date(check.source.state.nextCheckAt!).getTime() - new Date(check.source.state.lastCheckedAt!).getTime();
    expect(wait(failed)).toBe(10 * 60_000);
    expect(wait(await sync(auth, source.id))).toBe(20 * 60_000);

    await serve(path, { body: '<html><body>not a feed</body></html>', contentType: 'text/html' });
    expect((await sync(auth, source.id)).result.error).toBe('The document is not an RSS, Atom, RDF or JSON feed.');
    await serve(path, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    const good = await sync(auth, source.id);
    expect(good.source.state).toMatchObject({ consecutiveFailures: 0, lastError: null });
    expect(wait(good)).toBe(5 * 60_000);
  });

  it('two overlapping cron runs check a due source once', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    await register(auth, { kind: 'feed', url: standInUrl(path) });
    // Sources left due by other test runs may fill a run's 25 first; run pairs until ours is taken.
    for (let pair = 0; pair < 10 && (await requestsFor(path)).length === 0; pair++) {
      await Promise.all([pollDueSources(localEnv), pollDueSources(localEnv)]);
    }
    expect(await requestsFor(path)).toHaveLength(1);
    expect(await releases(auth)).toHaveLength(1);
  });

  it('a paused source is not checked by the cron', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path) });
    const paused = (await (await callLocal('PATCH', `/api/v1/sources/${source.id}`, auth, { status: 'paused' })).json()) as Source;
    expect(paused).toMatchObject({ status: 'paused', state: { nextCheckAt: null } });
    await cronTick();
    expect(await requestsFor(path)).toEqual([]);
  });
});

describe('changelog sources', () => {
  it('splits a changelog page at its version headings, leaving out Unreleased', async () => {
    const { auth } = await writer();
    const path = freshPath('changelog.html');
    await serve(path, {
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><h1>Changelog</h1><h2 id="unreleased">Unreleased</h2><ul><li>WIP</li></ul>
<h2 id="v2.4.0">[2.4.0] - 2026-03-02</h2><h3>Added</h3><ul><li>Dark mode &amp; themes</li><li>Builds (<a href="https://acme.example/docs">docs</a>)</li></ul>
<h2 id="v2.3.1">[2.3.1] - 2026-02-10</h2><p>Fixes a crash when <code>config.yml</code> is empty.</p><footer>© Acme</footer>`,
    });
    const source = await register(auth, { kind: 'changelog', url: standInUrl(path) });
    const checked = await sync(auth, source.id);
    expect(checked.result.created).toHaveLength(2);
    const [newest, older] = (await releases(auth)).sort((a, b) => (a.version < b.version ? 1 : -1));
    expect(newest).toMatchObject({
      version: '2.4.0',
      title: '[2.4.0] - 2026-03-02',
      notes: '## Added\n\n- Dark mode & themes\n- Builds ([docs](https://acme.example/docs))',
      publishedAt: '2026-03-02T00:00:00.000Z',
      url: `${standInUrl(path)}#v2.4.0`,
      source: 'changelog',
      provenance: [expect.objectContaining({ kind: 'changelog', externalId: '#v2.4.0' })],
    });
    expect(older).toMatchObject({ version: '2.3.1', notes: 'Fixes a crash when `config.yml` is empty.' });
  });

  it('fails a page without headings to split with a reason', async () => {
    const { auth } = await writer();
    const path = freshPath('changelog.html');
    await serve(path, { contentType: 'text/html', body: '<p>Nothing here</p>' });
    const source = await register(auth, { kind: 'changelog', url: standInUrl(path) });
    expect((await sync(auth, source.id)).result).toMatchObject({ status: 'failed', error: expect.stringContaining('No entries found') });
  });
});

describe('github sources (polling)', () => {
  it('reads published releases (not drafts) with the token, then polls with If-None-Match', async () => {
    const { auth } = await writer();
    const { repository, path } = freshRepository();
    await serve(path, {
      contentType: 'application/json',
      body: JSON.stringify([
        githubRelease({ id: 2, tag: 'v2.4.0', body: 'Dark mode everywhere.\r\n\r\n- Dark editor' }),
        githubRelease({ id: 3, tag: 'v2.5.0-beta.1', body: 'Draft', draft: true }),
        githubRelease({ id: 1, tag: 'v2.3.1', body: 'Fixes a crash.', prerelease: false }),
      ]),
    });
    const source = await register(auth, { kind: 'github', repository: `https://github.com/${repository}`, token: 'ghp_testtoken' });
    expect(source).toMatchObject({ repository, url: `https://github.com/${repository}`, tokenSet: true, webhook: { secretSet: true } });
    expect(source.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(source.webhook!.url).toBe(`http://launch.test/api/v1/sources/${source.id}/github-webhook`);
    const checked = await sync(auth, source.id);
    expect(checked.result.created).toHaveLength(2);
    const made = await releases(auth);
    expect(made.map((release) => release.version).sort()).toEqual(['v2.3.1', 'v2.4.0']);
    expect(made.find((release) => release.version === 'v2.4.0')).toMatchObject({
      notes: 'Dark mode everywhere.\n\n- Dark editor',
      source: 'github',
      provenance: [{ kind: 'github', externalId: '2', url: 'https://github.com/acme/widget/releases/tag/v2.4.0' }],
    });
    expect((await sync(auth, source.id)).result.status).toBe('not_modified');
    const seen = await requestsFor(path);
    expect(seen.map((request) => [request.status, request.authorization])).toEqual([
      [200, 'Bearer ghp_testtoken'],
      [304, 'Bearer ghp_testtoken'],
    ]);
    const read = (await (await callLaunch('GET', `/api/v1/sources/${source.id}`, auth)).json()) as Record<string, unknown>;
    expect(JSON.stringify(read)).not.toContain('ghp_testtoken');
    expect(JSON.stringify(read)).not.toContain(source.webhookSecret!);
  });

  it("waits for GitHub's rate-limit reset, and explains a missing repository", async () => {
    const { auth } = await writer();
    const { repository, path } = freshRepository();
    const reset = Math.floor(Date.now() / 1000) + 3 * 3600;
    await serve(path, {
      status: 403,
      body: '{"message":"API rate limit exceeded"}',
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
    const source = await register(auth, { kind: 'github', repository });
    const limited = await sync(auth, source.id);
    expect(limited.result.error).toContain("GitHub's rate limit is used up");
    expect(limited.source.state.nextCheckAt).toBe(new Date(reset * 1000).toISOString());
    await serve(path, { status: 404, body: '{"message":"Not Found"}' });
    expect((await sync(auth, source.id)).result.error).toBe('GitHub has no such repository (a private one needs a token) (404).');
  });
});

describe('the same release through two sources', () => {
  it('is one release with the provenance of both', async () => {
    const { auth } = await writer();
    const feedPath = freshPath('feed.xml');
    await serve(feedPath, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    const { repository, path } = freshRepository();
    await serve(path, {
      contentType: 'application/json',
      body: JSON.stringify([githubRelease({ id: 77, tag: 'v2.4.0', name: 'v2.4.0', body: 'Dark mode **everywhere**.\n\n* Dark editor' })]),
    });
    const feed = await register(auth, { kind: 'feed', url: standInUrl(feedPath) });
    const github = await register(auth, { kind: 'github', repository });
    const [fromFeed, fromGithub] = await Promise.all([sync(auth, feed.id), sync(auth, github.id)]);
    expect([...fromFeed.result.created, ...fromGithub.result.created]).toHaveLength(1);
    expect([...fromFeed.result.linked, ...fromGithub.result.linked]).toHaveLength(1);
    const [release, ...others] = await releases(auth);
    expect(others).toEqual([]);
    expect(release!.provenance.map((item) => item.kind).sort()).toEqual(['feed', 'github']);
  });
});

describe('registration', () => {
  it('refuses bad input naming the field, and creates nothing', async () => {
    const { auth } = await writer();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'feed' }, 'url'],
      [{ kind: 'feed', url: 'ftp://example.com/feed' }, 'url'],
      [{ kind: 'feed', url: 'not a url' }, 'url'],
      [{ kind: 'feed', url: 'https://example.com/feed', repository: 'a/b' }, 'repository'],
      [{ kind: 'changelog', url: 'https://example.com/changes', token: 'x' }, 'token'],
      [{ kind: 'github', url: 'https://github.com/a/b' }, 'url'],
      [{ kind: 'github' }, 'repository'],
      [{ kind: 'github', repository: 'not-a-repository' }, 'repository'],
      [{ kind: 'github', repository: 'a/b', pollIntervalMinutes: 1 }, 'pollIntervalMinutes'],
      [{ kind: 'gitlab', url: 'https://example.com' }, 'kind'],
      [{ kind: 'feed', url: 'https://example.com/feed', backfill: 51 }, 'backfill'],
      [{ kind: 'feed', url: 'https://example.com/feed', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const response = await callLaunch('POST', '/api/v1/sources', auth, body);
      const error = (await response.json()) as Record<string, unknown>;
      expect({ body, status: response.status, code: error.code, field: error.field }).toEqual({ body, status: 400, code: 'validation_failed', field });
    }
    const list = (await (await callLaunch('GET', '/api/v1/sources', auth)).json()) as { data: Source[] };
    expect(list.data).toEqual([]);
  });

  it('refuses URLs at private addresses or internal names (the SSRF guard)', async () => {
    const { auth } = await writer();
    for (const url of ['http://127.0.0.1:8080/feed.xml', 'http://169.254.169.254/latest', 'http://intranet.local/changelog', 'https://rebind.example/feed']) {
      const response = await callLaunch('POST', '/api/v1/sources', auth, { kind: 'feed', url });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'validation_failed', field: 'url' });
    }
  });

  it('refuses a source registered twice with 409 naming it', async () => {
    const { auth } = await writer();
    const first = (await (await callLaunch('POST', '/api/v1/sources', auth, { kind: 'github', repository: 'acme/widget' })).json()) as Source;
    const again = await callLaunch('POST', '/api/v1/sources', auth, { kind: 'github', repository: 'https://github.com/acme/widget' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'conflict', sourceId: first.id });
  });

  it('replays a registration with the same Idempotency-Key and registers once under concurrent duplicates', async () => {
    const { auth } = await writer();
    const body = { kind: 'feed', url: standInUrl(freshPath('feed.xml')) };
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => callLocal('POST', '/api/v1/sources', auth, body, { 'idempotency-key': 'source-key-1' })),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(7);
    const ids = new Set(await Promise.all(responses.map(async (response) => ((await response.json()) as Source).id)));
    expect(ids.size).toBe(1);
    const reused = await callLocal('POST', '/api/v1/sources', auth, { ...body, name: 'Other' }, { 'idempotency-key': 'source-key-1' });
    expect(reused.status).toBe(422);
    const list = (await (await callLaunch('GET', '/api/v1/sources', auth)).json()) as { data: Source[] };
    expect(list.data).toHaveLength(1);
  });

  it('changes, lists, filters and deletes; the releases of a deleted source keep their provenance', async () => {
    const { auth } = await writer();
    const path = freshPath('feed.xml');
    await serve(path, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    const source = await register(auth, { kind: 'feed', url: standInUrl(path) });
    await register(auth, { kind: 'github', repository: 'acme/other' });
    await sync(auth, source.id);
    const renamed = await callLaunch('PATCH', `/api/v1/sources/${source.id}`, auth, { name: 'Blog', pollIntervalMinutes: 60 });
    expect(await renamed.json()).toMatchObject({ name: 'Blog', pollIntervalMinutes: 60 });
    expect((await callLaunch('PATCH', `/api/v1/sources/${source.id}`, auth, { token: 'x' })).status).toBe(400);
    expect((await callLaunch('PATCH', `/api/v1/sources/${source.id}`, auth, {})).status).toBe(400);
    const feeds = (await (await callLaunch('GET', '/api/v1/sources?kind=feed', auth)).json()) as { data: Source[] };
    expect(feeds.data.map((item) => item.id)).toEqual([source.id]);
    expect((await callLaunch('DELETE', `/api/v1/sources/${source.id}`, auth)).status).toBe(204);
    expect((await callLaunch('GET', `/api/v1/sources/${source.id}`, auth)).status).toBe(404);
    const [release] = await releases(auth);
    expect(release!.provenance).toEqual([expect.objectContaining({ sourceId: null, kind: 'feed', externalId: 'urn:r:2.4.0' })]);
  });
});

describe('polling and the SSRF guard', () => {
  it('refuses a redirect to a private address before asking for it', async () => {
    // A public name (site.example resolves to a public address in the test zone) served by the
    // stand-in, whose answer redirects to a loopback address.
    const target = freshPath('private.xml');
    const path = freshPath('feed.xml');
    await serve(target, { body: atomFeed([entry240]), contentType: 'application/atom+xml' });
    await serve(path, { body: '', redirectTo: standInUrl(target) });
    const standIn = new URL(env.TEST_INTAKE_URL);
    const policy = userUrlPolicy({ ALLOW_PRIVATE_URLS: '0', DOH_URL: env.DOH_URL! }, { httpsOnly: false });
    const reading = readSource(
      {
        policy,
        githubApiUrl: env.GITHUB_API_URL!,
        // The network as seen from a public host: site.example is where the stand-in listens.
        fetch: (url, init) => fetch(url.replace(`http://site.example:${standIn.port}`, env.TEST_INTAKE_URL), init),
      },
      { kind: 'feed', url: `http://site.example:${standIn.port}${path}`, repository: null, token: null, etag: null, lastModified: null },
    );
    await expect(reading).rejects.toThrow(/redirected to .* private or reserved address/);
    expect(await requestsFor(target)).toEqual([]);
  });
});
