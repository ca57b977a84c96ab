import { parseFeed } from 'feedsmith';
import { splitChangelog } from '../domain/changelog';
import { decodeFeed, feedItems } from '../domain/feed-items';
import { entryOfGithubRelease, githubReleaseSchema, isPublished } from '../domain/github-release';
import { blocksToMarkdown, htmlBlocks } from '../domain/html-blocks';
import { type IntakeEntry, versionIn } from '../domain/intake-entry';
import { decodePage } from '../domain/link-metadata';
import { conditionalGet, type FetchDeps, SourceError, type Validators } from './fetch';

export interface ReadableSource {
  kind: 'github' | 'feed' | 'changelog';
  url: string;
  repository: string | null;
  token: string | null;
  etag: string | null;
  lastModified: string | null;
}

export type ReadResult = { status: 'not_modified' } | { status: 'ok'; entries: IntakeEntry[]; validators: Validators };

export interface ReaderDeps extends FetchDeps {
  /** GitHub's REST API (`https://api.github.com`); locally the stand-in. */
  githubApiUrl: string;
}

/** Reads one source's current entries, or learns that nothing changed since its validators. */
export function readSource(deps: ReaderDeps, source: ReadableSource): Promise<ReadResult> {
  const validators = { etag: source.etag, lastModified: source.lastModified };
  if (source.kind === 'github') return readGithub(deps, source, validators);
  if (source.kind === 'feed') return readFeed(deps, source.url, validators);
  return readChangelog(deps, source.url, validators);
}

async function readFeed(deps: FetchDeps, url: string, validators: Validators): Promise<ReadResult> {
  const fetched = await conditionalGet(deps, url, {
    accept: 'application/atom+xml, application/rss+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
    validators,
  });
  if (fetched.status === 'not_modified') return fetched;
  if (fetched.status === 'error') throw await answered(fetched.response);
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(decodeFeed(fetched.body, fetched.response.headers.get('content-type')));
  } catch {
    throw new SourceError('The document is not an RSS, Atom, RDF or JSON feed.');
  }
  const entries: IntakeEntry[] = [];
  for (const item of feedItems(parsed, fetched.finalUrl)) {
    const notes = item.html ? blocksToMarkdown(await htmlBlocks(item.html)) : (item.text ?? '');
    entries.push({
      externalId: item.externalId,
      version: versionIn(item.title) ?? item.title,
      title: item.title,
      notes,
      url: item.url,
      publishedAt: item.publishedAt,
      updatedAt: item.updatedAt,
      prerelease: versionIn(item.title)?.includes('-') ?? false,
    });
  }
  return { status: 'ok', entries, validators: fetched.validators };
}

async function readChangelog(deps: FetchDeps, url: string, validators: Validators): Promise<ReadResult> {
  const fetched = await conditionalGet(deps, url, { accept: 'text/html,application/xhtml+xml;q=0.9', validators });
  if (fetched.status === 'not_modified') return fetched;
  if (fetched.status === 'error') throw await answered(fetched.response);
  const type = fetched.response.headers.get('content-type');
  if (type && !/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) throw new SourceError(`The page is ${type.split(';')[0]}, not HTML.`);
  const entries = splitChangelog(await htmlBlocks(await decodePage(fetched.body, type)), url);
  if (entries.length === 0) throw new SourceError('No entries found: the page has no headings that could separate releases.');
  return { status: 'ok', entries, validators: fetched.validators };
}

async function readGithub(deps: ReaderDeps, source: ReadableSource, validators: Validators): Promise<ReadResult> {
  const url = `${deps.githubApiUrl.replace(/\/+$/, '')}/repos/${source.repository}/releases?per_page=30`;
  const fetched = await conditionalGet(deps, url, {
    accept: 'application/vnd.github+json',
    validators,
    headers: { 'x-github-api-version': '2022-11-28', ...(source.token && { authorization: `Bearer ${source.token}` }) },
  });
  if (fetched.status === 'not_modified') return fetched;
  if (fetched.status === 'error') throw await githubError(fetched.response, Boolean(source.token));
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(fetched.body));
  } catch {
    throw new SourceError('GitHub answered something that is not JSON.');
  }
  if (!Array.isArray(body)) throw new SourceError('GitHub answered something that is not a list of releases.');
  const entries = body.flatMap((item) => {
    const release = githubReleaseSchema.safeParse(item);
    return release.success && isPublished(release.data) ? [entryOfGithubRelease(release.data)] : [];
  });
  return { status: 'ok', entries, validators: fetched.validators };
}

async function githubError(response: Response, hasToken: boolean): Promise<SourceError> {
  await response.body?.cancel();
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  const retryAfter = Number(response.headers.get('retry-after'));
  if ((response.status === 403 || response.status === 429) && (response.headers.get('x-ratelimit-remaining') === '0' || retryAfter > 0)) {
    const retryAt = retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : reset > 0 ? new Date(reset * 1000) : null;
    return new SourceError(
      `GitHub's rate limit is used up${retryAt ? ` until ${retryAt.toISOString()}` : ''}${hasToken ? '' : '; a token raises it'}.`,
      retryAt,
    );
  }
  if (response.status === 401) return new SourceError('GitHub refused the token (401): replace it.');
  if (response.status === 404)
    return new SourceError(`GitHub has no such repository${hasToken ? ' that this token can read' : ' (a private one needs a token)'} (404).`);
  return new SourceError(`GitHub answered ${response.status}.`);
}

async function answered(response: Response): Promise<SourceError> {
  await response.body?.cancel();
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAt = retryAfter > 0 ? new Date(Date.now() + retryAfter * 1000) : null;
  return new SourceError(`The server answered ${response.status}.`, retryAt);
}
