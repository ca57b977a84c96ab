import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = fileURLToPath(new URL('./fixtures/intake/', import.meta.url));

/** What the stand-in answers at one path; set with `PUT /control/documents/<path>`. */
export interface StandInDocument {
  body: string;
  contentType?: string;
  /** Another status (GitHub's 404, 401, or a 403 rate limit with `headers`). */
  status?: number;
  headers?: Record<string, string>;
  /** 302 to this URL instead of answering. */
  redirectTo?: string;
  /** Leave out ETag and Last-Modified (a server without validators). */
  noValidators?: boolean;
}

interface Stored extends StandInDocument {
  etag: string;
  lastModified: string;
}

export interface IntakeStandIn {
  url: string;
  /** Stands in for `https://api.github.com`: `GITHUB_API_URL`. */
  githubApiUrl: string;
  close(): Promise<void>;
}

/** The documents `npm run dev` starts with (dev/fixtures/intake), at the paths docs/launch/onboarding-and-intake.md uses. */
const SEEDED: Record<string, { file: string; contentType: string }> = {
  '/feeds/acme.xml': { file: 'acme-feed.xml', contentType: 'application/atom+xml; charset=utf-8' },
  '/changelog/acme.html': { file: 'acme-changelog.html', contentType: 'text/html; charset=utf-8' },
  '/github/repos/acme/widget/releases': { file: 'acme-widget-releases.json', contentType: 'application/json; charset=utf-8' },
};

/**
 * The remote ends of release intake for `npm run dev` and the tests: GitHub's releases API (under
 * `/github`), feeds and changelog pages, each a document at a path, answered with an ETag and a
 * Last-Modified and a 304 to a matching conditional GET, as GitHub and most feed hosts do.
 *
 *   GET  /<path>                          the document (the query string is ignored)
 *   PUT  /control/documents/<path>        sets it: JSON { body, contentType?, status?, headers?, redirectTo?, noValidators? }
 *   GET  /control/requests/<path>         the requests for it, oldest first: conditional headers, authorization, status
 */
export async function startIntakeStandIn(port = 0): Promise<IntakeStandIn> {
  const documents = new Map<string, Stored>();
  const requests = new Map<string, Array<Record<string, string | number | null>>>();
  const store = (path: string, document: StandInDocument) => {
    const etag = `"${createHash('sha256').update(document.body).digest('hex').slice(0, 32)}"`;
    const previous = documents.get(path);
    // The time of the last real change, as a server's file modification time would be.
    const lastModified = previous?.etag === etag ? previous.lastModified : new Date().toUTCString();
    documents.set(path, { ...document, etag, lastModified });
  };
  for (const [path, seeded] of Object.entries(SEEDED)) {
    store(path, { body: readFileSync(join(fixtures, seeded.file), 'utf8'), contentType: seeded.contentType });
  }

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/control/documents/') && request.method === 'PUT') {
      const path = url.pathname.slice('/control/documents'.length);
      try {
        const document = JSON.parse(await readBody(request)) as StandInDocument;
        if (typeof document.body !== 'string') throw new Error('body must be a string');
        store(path, document);
        return void response.writeHead(204).end();
      } catch (error) {
        return void response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    }
    if (url.pathname.startsWith('/control/requests/')) {
      const path = url.pathname.slice('/control/requests'.length);
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ requests: requests.get(path) ?? [] }));
    }
    const document = documents.get(url.pathname);
    const record = (status: number) => {
      const seen = requests.get(url.pathname) ?? [];
      seen.push({
        ifNoneMatch: request.headers['if-none-match'] ?? null,
        ifModifiedSince: request.headers['if-modified-since'] ?? null,
        authorization: request.headers.authorization ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        status,
      });
      requests.set(url.pathname, seen.slice(-100));
    };
    if (!document) {
      record(404);
      return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not Found"}');
    }
    if (document.redirectTo) {
      record(302);
      return void response.writeHead(302, { location: document.redirectTo }).end();
    }
    const validators = document.noValidators ? {} : { etag: document.etag, 'last-modified': document.lastModified };
    const status = document.status ?? 200;
    const ifNoneMatch = request.headers['if-none-match'];
    const ifModifiedSince = request.headers['if-modified-since'];
    const notModified =
      status === 200 &&
      !document.noValidators &&
      (ifNoneMatch !== undefined ? ifNoneMatch.split(',').some((tag) => tag.trim() === document.etag) : ifModifiedSince === document.lastModified);
    if (notModified) {
      record(304);
      return void response.writeHead(304, validators).end();
    }
    record(status);
    response.writeHead(status, { 'content-type': document.contentType ?? 'application/octet-stream', ...validators, ...document.headers }).end(document.body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url: base, githubApiUrl: `${base}/github`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
