import { SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { corpus, type CorpusRelease } from '../../../test/fixtures/release-notes';
import { seedWorkspace, withTestDb } from '../../../test/workers/seed';
import { formatsAsMarkdown } from '../domain/brief/notes';
import { validatePostCopy, type Channel } from '../domain/channels';
import { emptyProductProfile } from '../domain/product-profile';
import { saveProductProfile } from '../services/product-profile';

const base = 'http://launch.test';
const scopes = ['release:create', 'artifact:read'] as const;

type Auth = Record<string, string>;
interface BriefBody {
  id: string;
  releaseId: string;
  stale: boolean;
  brief: { headline: { text: string }; highlights: Array<{ kind: string; text: string }>; product: { name: string | null } };
}

function call(auth: Auth, method: string, path: string, body?: unknown, key?: string) {
  return SELF.fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(key ? { 'idempotency-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function release(auth: Auth, notes: string, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await call(auth, 'POST', '/api/v1/releases', { version: `v${crypto.randomUUID().slice(0, 8)}`, title: 'Release', notes, ...extra });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const vite = corpus.find((entry) => entry.id === 'vite-7.0.0')!;

/**
 * The format readers of the brief's own modules (every `…AsMarkdown` they export), each of which turns a whole kind of notes
 * into the Markdown the parser reads; notes.ts's FORMAT_READERS runs them, and its own line-level shapes after them.
 */
const MODULE_FORMAT_READERS = Object.values(
  import.meta.glob<Record<string, unknown>>(['../domain/brief/*.ts', '!../domain/brief/*.test.ts', '!../domain/brief/notes.ts'], { eager: true }),
).flatMap((module) =>
  Object.entries(module).flatMap(([name, value]) =>
    name.endsWith('AsMarkdown') && typeof value === 'function' ? [value as (lines: string[]) => string[]] : [],
  ),
);

/**
 * Characters the way to storage and back does not carry as plain text. A NUL (PostgreSQL text and jsonb cannot hold one) and a
 * lone surrogate (UTF-8 cannot encode one; jsonb refuses its escape) are refused with a 422 by shared/http/nul-guard.ts, so a
 * note holding one would fail here; U+FFFD stands where a bad byte or a lone surrogate was. Every other control character (a
 * CR among them) is a JSON escape in the request, in the brief's jsonb and in the SQL-over-HTTP answer, and a backslash
 * before `u` sends the body through nul-guard's escape scan. A character beyond U+FFFF is a surrogate pair: a sentence cut
 * between its halves would make jsonb refuse the brief (a 500). Format characters (byte-order mark, zero-width and direction
 * marks) are invisible, and U+2028 and U+2029 end a line for JavaScript's patterns but not for `split('\n')`. Quotes and
 * other backslashes are not special on this way (bound as parameters, never spliced into SQL, escaped and read back alike by
 * JSON), and the every-Nth part of the sample holds plenty of them.
 */
const STORED_SPECIALLY = /[\u0000\p{Surrogate}\ufffd\u2028\u2029\u{10000}-\u{10ffff}]|[^\P{Cc}\t\n]|\p{Cf}|\\u/u;

/** How many of the longest notes, and of the notes with the longest lines, are sampled; and every how manyth note. */
const LONGEST = 10;
const EVERY = 40;

/**
 * The corpus notes whose briefs are made through the route below, in corpus order. Not every note: briefs of every note
 * (about 1900) took this file about 280 s of a test pass, and the generator is already tested on every note, without the
 * route, in workers/launch/domain/brief/corpus/ (one part of the corpus a file). What the route adds is the way to
 * and from storage, so the sample keeps what that way could break on, computed from the corpus each run (a note added
 * later is sampled by the same rules): the first note each format reader of the brief's modules reads (on the notes as
 * written), and the first read only by notes.ts's own line-level shapes; every note holding a character stored specially
 * (STORED_SPECIALLY); the longest notes and the notes with the longest lines; and every EVERY-th note, whatever it holds.
 */
function routeSample(entries: CorpusRelease[]): CorpusRelease[] {
  const linesOf = (entry: CorpusRelease) => entry.notes.replace(/\r\n?/g, '\n').split('\n');
  const reads = (reader: (lines: string[]) => string[], lines: string[]) => reader([...lines]).join('\n') !== lines.join('\n');
  const readBy = entries.map((entry) => {
    const lines = linesOf(entry);
    return { byModule: MODULE_FORMAT_READERS.filter((reader) => reads(reader, lines)), byAny: reads(formatsAsMarkdown, lines) };
  });
  const picked = new Set<number>();
  const pick = (index: number) => {
    if (index >= 0) picked.add(index);
  };
  for (const reader of MODULE_FORMAT_READERS) pick(readBy.findIndex((read) => read.byModule.includes(reader)));
  pick(readBy.findIndex((read) => read.byAny && read.byModule.length === 0));
  entries.forEach((entry, index) => {
    if (STORED_SPECIALLY.test(entry.notes)) pick(index);
  });
  for (const size of [(entry: CorpusRelease) => entry.notes.length, (entry: CorpusRelease) => Math.max(...linesOf(entry).map((line) => line.length))]) {
    const largest = entries.map((entry, index) => ({ index, size: size(entry) })).sort((a, b) => b.size - a.size || a.index - b.index);
    for (const { index } of largest.slice(0, LONGEST)) pick(index);
  }
  for (let index = 0; index < entries.length; index += EVERY) pick(index);
  return entries.filter((_, index) => picked.has(index));
}

describe('briefs', () => {
  it('makes a cited brief from a corpus release, reads it back as JSON and as Markdown', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const releaseId = await release(auth, vite.notes, { title: vite.title, version: vite.version, url: vite.sourceUrl });
    const created = await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`);
    expect(created.status).toBe(201);
    const body = (await created.json()) as BriefBody;
    expect(body).toMatchObject({ id: expect.stringMatching(/^brf_/), releaseId, stale: false });
    expect(body.brief.headline.text).toBe('Vite v7.0.0 is out: a major release with breaking changes.');
    expect(body.brief.highlights[0]).toMatchObject({ kind: 'breaking', citations: [{ source: 'notes', lines: { start: expect.any(Number) } }] });
    expect(await (await call(auth, 'GET', `/api/v1/briefs/${body.id}`)).json()).toEqual(body);
    const markdown = await call(auth, 'GET', `/api/v1/briefs/${body.id}/markdown`);
    expect(markdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await markdown.text();
    expect(text).toMatch(/^# Vite v7\.0\.0 is out: a major release with breaking changes\.\[\^1\]\[\^2\]/);
    expect(text).toMatch(/^\[\^\d+\]: Release notes, line 13: .* — \[#19996\]\(https:\/\/github.com\/vitejs\/vite\/issues\/19996\)/m);
    const list = (await (await call(auth, 'GET', `/api/v1/releases/${releaseId}/briefs`)).json()) as { data: BriefBody[] };
    expect(list.data.map((brief) => brief.id)).toEqual([body.id]);
  });

  it('uses the product profile and says when the release changed since', async () => {
    const { auth, workspace } = await seedWorkspace({ scopes });
    await withTestDb((db) => saveProductProfile(db, workspace.id, { ...emptyProductProfile, name: 'Vite', audience: 'web developers' }, 'onboarding'));
    const releaseId = await release(auth, vite.notes, { url: vite.sourceUrl, version: 'v7.0.0' });
    const brief = (await (await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`)).json()) as BriefBody & {
      brief: { audience: Array<{ text: string }> };
    };
    expect(brief.brief.product.name).toBe('Vite');
    expect(brief.brief.audience[0]!.text).toBe('Vite is for web developers.');
    await call(auth, 'PATCH', `/api/v1/releases/${releaseId}`, { notes: `${vite.notes}\n- one more fix` });
    expect(((await (await call(auth, 'GET', `/api/v1/briefs/${brief.id}`)).json()) as BriefBody).stale).toBe(true);
  });

  it('refuses empty notes and notes over the cap with 422 naming the reason, storing nothing', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const empty = await release(auth, '');
    const refused = await call(auth, 'POST', `/api/v1/releases/${empty}/briefs`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'release_not_briefable', reason: 'notes_empty', field: 'notes', hint: expect.any(String) });
    const long = await release(auth, `- ${'a change '.repeat(6000)}`);
    const tooLong = await call(auth, 'POST', `/api/v1/releases/${long}/briefs`);
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toMatchObject({ code: 'release_not_briefable', reason: 'notes_too_long', maxChars: 50_000 });
    for (const id of [empty, long]) expect(((await (await call(auth, 'GET', `/api/v1/releases/${id}/briefs`)).json()) as { data: [] }).data).toEqual([]);
  });

  const security = [
    '## Security release',
    '',
    '| CVE | Description | CVSS | Advisory |',
    '|-----|-------------|------|----------|',
    '| CVE-2025-55182 | Remote code execution in the Flight protocol decoder | 10.0 Critical | [GHSA-fv66-9v8q-g76r](https://github.com/facebook/react/security/advisories/GHSA-fv66-9v8q-g76r) |',
    '| CVE-2025-55184 | Denial of service through crafted \\_\\_proto\\_\\_ payloads | 7.5 High | [GHSA-mwv6-3258-q52c](https://github.com/facebook/react/security/advisories/GHSA-mwv6-3258-q52c) |',
  ].join('\n');
  // A test per input rather than one loop: the pool adds a wrapper layer per SELF request that is
  // undone only after each test (test/workers/pool-wrappers.ts), and hundreds in one test made each
  // request slower than the last.
  it.each([
    { notes: security, title: 'v19.2.3', version: 'v19.2.3', url: 'https://github.com/facebook/react/releases/tag/v19.2.3' },
    ...routeSample(corpus).map((entry) => ({ notes: entry.notes, title: entry.title, version: entry.version, url: entry.sourceUrl })),
  ])('answers 2xx, never a 500, for the release notes of $title', async (input) => {
    // A workspace each: release creates are rate-limited per workspace.
    const { auth } = await seedWorkspace({ scopes });
    const releaseId = await release(auth, input.notes, {
      title: input.title,
      version: `${input.version}-${crypto.randomUUID().slice(0, 6)}`,
      url: input.url,
    });
    const created = await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`);
    expect([201, 422], input.title).toContain(created.status);
    if (created.status === 422) expect(await created.json()).toMatchObject({ code: 'release_not_briefable', reason: 'nothing_to_cite' });
  });

  it('answers 201 with a brief naming the product for each format read from outside the first corpus', async () => {
    // One note per format: GitHub-style sections with credits, release-please, Keep a Changelog, reStructuredText (Sphinx,
    // Werkzeug's advisory role, Django's security release, NumPy's notes), changesets, Angular's tables, Node's notable
    // changes, Grafana's area labels, an HTML page, github_changelog_generator and a security announcement in prose.
    const formats = [
      'tflint-0.47.0',
      'lazy.nvim-11.17.0',
      'textual-8.0.0',
      'sphinx-9.1.0',
      'werkzeug-3.1.4',
      'astro-7.1.0',
      'numpy-2.3.0',
      'angular-16.2.0',
      'node-22.13.0',
      'grafana-8.3.1',
      'django-5.1.4',
      'gorm-2.0',
      'robyn-0.83.0',
      'kubernetes-1.17.3',
    ];
    for (const id of formats) {
      const entry = corpus.find((candidate) => candidate.id === id)!;
      const { auth } = await seedWorkspace({ scopes });
      const releaseId = await release(auth, entry.notes, { title: entry.title, version: entry.version, url: entry.sourceUrl });
      const created = await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`);
      expect(created.status, id).toBe(201);
      const body = (await created.json()) as BriefBody;
      expect(body.brief.product.name, id).toBeTruthy();
      expect(body.brief.headline.text, id).toContain(body.brief.product.name!);
      expect(body.brief.highlights.length, id).toBeGreaterThan(0);
    }
  });

  it('refuses notes with nothing a brief could cite (only internal work) with the documented 422', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const releaseId = await release(auth, '## Internal\n- chore: bump dependencies');
    const refused = await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: 'release_not_briefable', reason: 'nothing_to_cite' });
  });

  it('makes one brief under 20 concurrent creates with one Idempotency-Key', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const releaseId = await release(auth, '### Features\n- Add a watch mode');
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`, undefined, 'brief-key-1')));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(19);
    const list = (await (await call(auth, 'GET', `/api/v1/releases/${releaseId}/briefs`)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  });
});

describe('campaigns drafted from a brief', () => {
  const channels: Channel[] = ['x', 'linkedin', 'bluesky', 'mastodon', 'threads'];

  async function brief(auth: Auth): Promise<BriefBody> {
    const releaseId = await release(auth, vite.notes, { title: vite.title, url: vite.sourceUrl });
    return (await (await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`)).json()) as BriefBody;
  }

  it('drafts one post per channel within its limit, each keeping its citations', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const made = await brief(auth);
    const created = await call(auth, 'POST', `/api/v1/briefs/${made.id}/campaigns`, { channels });
    expect(created.status).toBe(201);
    const campaign = (await created.json()) as {
      releaseId: string;
      name: string;
      posts: Array<{ id: string; channel: Channel; copy: string; status: string }>;
    };
    expect(campaign.releaseId).toBe(made.releaseId);
    expect(campaign.posts.map((post) => [post.channel, post.status])).toEqual(channels.map((channel) => [channel, 'draft']));
    for (const post of campaign.posts) {
      expect(validatePostCopy(post.channel, post.copy)).toEqual({ ok: true });
      expect(post.copy).not.toContain('Breaking:');
      expect(post.copy).toMatch(/breaking changes/);
      const sources = (await (await call(auth, 'GET', `/api/v1/posts/${post.id}/sources`)).json()) as {
        briefId: string;
        sentences: Array<{ path: string; text: string; citations: Array<{ source: string }> }>;
      };
      expect(sources.briefId).toBe(made.id);
      expect(sources.sentences[0]!.path).toBe('headline');
      for (const sentence of sources.sentences) {
        expect(post.copy).toContain(sentence.text);
        expect(sentence.citations.length).toBeGreaterThan(0);
      }
    }
  });

  it('refuses an unknown channel naming the field, creating nothing', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const made = await brief(auth);
    const refused = await call(auth, 'POST', `/api/v1/briefs/${made.id}/campaigns`, { channels: ['x', 'myspace'] });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'validation_failed', field: 'channels.1' });
    const campaigns = (await (await call(auth, 'GET', '/api/v1/campaigns')).json()) as { data: unknown[] };
    expect(campaigns.data).toEqual([]);
  });

  it('creates one campaign under concurrent duplicates with one Idempotency-Key', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const made = await brief(auth);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call(auth, 'POST', `/api/v1/briefs/${made.id}/campaigns`, { channels: ['x'] }, 'draft-key-1')),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(9);
    const campaigns = (await (await call(auth, 'GET', '/api/v1/campaigns')).json()) as { data: unknown[] };
    expect(campaigns.data).toHaveLength(1);
  });

  it('shows no sources for a post typed by hand', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const created = await call(auth, 'POST', '/api/v1/campaigns', { name: 'By hand', objective: 'Test', posts: [{ channel: 'x', copy: 'Hello' }] });
    const post = ((await created.json()) as { posts: Array<{ id: string }> }).posts[0]!;
    expect(await (await call(auth, 'GET', `/api/v1/posts/${post.id}/sources`)).json()).toEqual({
      postId: post.id,
      briefId: null,
      edited: false,
      sentences: [],
    });
  });
});

describe('sources of an edited post', () => {
  interface Sources {
    edited: boolean;
    sentences: Array<{ path: string; text: string; status: string; citations: unknown[]; problems: Array<{ reason: string; token?: string }> }>;
  }
  const svelte = corpus.find((entry) => entry.id === 'svelte-5.56.10')!;
  const sourcesOf = async (auth: Auth, postId: string) => (await (await call(auth, 'GET', `/api/v1/posts/${postId}/sources`)).json()) as Sources;
  const edit = async (auth: Auth, postId: string, copy: string) => expect((await call(auth, 'PATCH', `/api/v1/posts/${postId}`, { copy })).status).toBe(200);

  it('follow the current copy: a deleted sentence is gone, an invented one is marked, a reworded one and the others keep citations', async () => {
    const { auth } = await seedWorkspace({ scopes });
    const releaseId = await release(auth, svelte.notes, { title: svelte.title, version: svelte.version, url: svelte.sourceUrl });
    const brief = (await (await call(auth, 'POST', `/api/v1/releases/${releaseId}/briefs`)).json()) as BriefBody;
    const campaign = (await (await call(auth, 'POST', `/api/v1/briefs/${brief.id}/campaigns`, { channels: ['linkedin'] })).json()) as {
      posts: Array<{ id: string; copy: string }>;
    };
    const post = campaign.posts[0]!;
    const drafted = await sourcesOf(auth, post.id);
    expect(drafted.edited).toBe(false);
    expect(drafted.sentences.map((sentence) => [sentence.status, sentence.problems])).toEqual(drafted.sentences.map(() => ['drafted', []]));

    const [removed, reworded] = drafted.sentences.filter((sentence) => sentence.path.startsWith('highlights.'));
    const invented = 'Trusted by millions of teams worldwide.';
    const rewording = `${reworded!.text.replace(/[.!?…]$/, '')}, in this release.`;
    await edit(auth, post.id, post.copy.replace(removed!.text, invented).replace(reworded!.text, rewording));
    const after = await sourcesOf(auth, post.id);
    expect(after.edited).toBe(true);
    expect(after.sentences.map((sentence) => sentence.text)).not.toContain(removed!.text);
    expect(after.sentences.find((sentence) => sentence.text === invented)).toMatchObject({
      status: 'unsupported',
      citations: [],
      problems: expect.arrayContaining([{ reason: 'ungrounded_word', token: 'Trusted' }]),
    });
    expect(after.sentences.find((sentence) => sentence.text === rewording)).toMatchObject({
      status: 'supported',
      citations: expect.arrayContaining(reworded!.citations),
      problems: [],
    });
    for (const kept of drafted.sentences.filter((sentence) => sentence !== removed && sentence !== reworded)) expect(after.sentences).toContainEqual(kept);

    // Put back as drafted, the copy is the drafted sentences again.
    await edit(auth, post.id, post.copy);
    expect(await sourcesOf(auth, post.id)).toEqual(drafted);

    // Another workspace's key sees no such post, edited or not.
    const other = await seedWorkspace({ scopes });
    const refused = await call(other.auth, 'GET', `/api/v1/posts/${post.id}/sources`);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'not_found' });
  });
});
