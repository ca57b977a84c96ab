import { describe, expect, it } from 'vitest';
import { jq, runCurlExample } from '../shared/curl-runner';
import { findDocExamples } from '../shared/doc-examples';
import { codePaths, headingAnchors, relativeLinks } from '../shared/markdown-links';
import { parseScript } from '../shared/shell-words';

/** A stand-in service: answers what it was asked, as JSON, with the status the path names. */
function echoService() {
  const seen: Request[] = [];
  const fetch = async (request: Request) => {
    seen.push(request.clone());
    const body = await request.text();
    const status = Number(new URL(request.url).pathname.split('/').at(-1)) || 200;
    const headers = new Headers({ 'content-type': 'application/json', 'set-cookie': 'session=abc; Path=/; HttpOnly' });
    return new Response(JSON.stringify({ id: 'obj_1', nested: { list: [{ name: 'first' }] }, body, cookie: request.headers.get('cookie') }), {
      status,
      headers,
    });
  };
  return { seen, fetch };
}

const devJson = { verify: { apiKey: 'vk_test' }, launch: { user: { email: 'a@example.test', password: 'pw' } } };
const context = (fetch: (request: Request) => Promise<Response>) => ({
  fetch,
  origins: { 'http://127.0.0.1:8788': 'http://verify.test' },
  devJson,
  files: { 'docs/examples/contacts.csv': 'email\njane@example.com\n' },
});

describe('shell words', () => {
  it('reads quotes, variables, substitutions, continuations, comments and pipes', () => {
    const [statement] = parseScript(`curl -s -H "Authorization: Bearer $KEY" \\\n  -d '{"a": 1}' $V/x | jq .id   # a comment`);
    expect(statement).toHaveLength(2);
    expect(statement![0]![3]).toEqual([
      { kind: 'text', text: 'Authorization: Bearer ' },
      { kind: 'var', name: 'KEY' },
    ]);
    expect(statement![0]![5]).toEqual([{ kind: 'text', text: '{"a": 1}' }]);
    expect(parseScript('A=1; B="$(jq -r \'.x\' f)"')).toHaveLength(2);
  });

  it('refuses what a tested example cannot run, naming it', () => {
    expect(() => parseScript('curl a && curl b')).toThrow(/"&"/);
    expect(() => parseScript('curl a > out')).toThrow(/">"/);
    expect(() => parseScript("curl 'unclosed")).toThrow(/Unclosed/);
  });
});

describe('the curl runner', () => {
  it('sends method, headers and body as curl would, and keeps a field for the next command', async () => {
    const service = echoService();
    const calls = await runCurlExample(
      [
        'KEY=$(jq -r .verify.apiKey .local/dev.json)',
        `ID=$(curl -s -H "Authorization: Bearer $KEY" -H 'content-type: application/json' -d '{"a":1}' http://127.0.0.1:8788/v1/things | jq -r .id)`,
        'curl -s -X PATCH -H "Authorization: Bearer $KEY" http://127.0.0.1:8788/v1/things/$ID/404 | jq \'.nested | {name}\'',
      ].join('\n'),
      context(service.fetch),
    );
    expect(calls.map((call) => [call.method, call.url, call.status])).toEqual([
      ['POST', 'http://127.0.0.1:8788/v1/things', 200],
      ['PATCH', 'http://127.0.0.1:8788/v1/things/obj_1/404', 404],
    ]);
    expect(service.seen[0]!.url).toBe('http://verify.test/v1/things');
    expect(service.seen[0]!.headers.get('authorization')).toBe('Bearer vk_test');
    expect(JSON.parse(calls[0]!.body).body).toBe('{"a":1}');
  });

  it('sends -d form-encoded unless told otherwise, -F as multipart with the file, and cookies from a jar', async () => {
    const service = echoService();
    await runCurlExample(
      [
        `curl -s -c .local/cookies -d "$(jq -c '{email: .launch.user.email, password: .launch.user.password}' .local/dev.json)" http://127.0.0.1:8788/a`,
        'curl -s -b .local/cookies -F name=May -F file=@docs/examples/contacts.csv http://127.0.0.1:8788/b',
      ].join('\n'),
      context(service.fetch),
    );
    expect(service.seen[0]!.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(service.seen[1]!.headers.get('cookie')).toBe('session=abc');
    const form = await service.seen[1]!.formData();
    expect(form.get('name')).toBe('May');
    expect(await (form.get('file') as File).text()).toBe('email\njane@example.com\n');
    expect((form.get('file') as File).name).toBe('contacts.csv');
  });

  it('refuses a URL outside the dev stack, an unknown option, an unset variable and a file not provided', async () => {
    const { fetch } = echoService();
    await expect(runCurlExample('curl -s https://example.com/', context(fetch))).rejects.toThrow(/neither the dev stack/);
    await expect(runCurlExample('curl --upload-file x http://127.0.0.1:8788/', context(fetch))).rejects.toThrow(/--upload-file/);
    await expect(runCurlExample('curl -s $NOPE/x', context(fetch))).rejects.toThrow(/\$NOPE/);
    await expect(runCurlExample('curl -d @missing.json http://127.0.0.1:8788/', context(fetch))).rejects.toThrow(/missing.json/);
    await expect(runCurlExample('wc -c < f', context(fetch))).rejects.toThrow();
  });
});

describe('jq', () => {
  it('evaluates paths and objects of paths, and passes a display filter through', () => {
    const input = JSON.stringify({ posts: [{ id: 'p1' }], user: { email: 'e' } });
    expect(jq(['-r', '.posts[0].id'], input)).toBe('p1');
    expect(jq(['-c', '{email: .user.email}'], input)).toBe('{"email":"e"}');
    expect(jq(['.posts[] | {id}'], input)).toBe(input);
    expect(() => jq(['-r', '.posts[] | .id'], input)).toThrow(/only paths/);
  });
});

describe('doc-test blocks', () => {
  it('takes each marked sh block with its service and statuses, and refuses a marker without one', () => {
    const markdown = 'Intro\n\n<!-- doc-test verify: 201 200 -->\n```sh\ncurl a\ncurl b\n```\n\n```sh\ncurl untested\n```\n';
    expect(findDocExamples('p.md', markdown)).toEqual([{ where: 'p.md:4', service: 'verify', statuses: [201, 200], script: 'curl a\ncurl b' }]);
    expect(() => findDocExamples('p.md', '<!-- doc-test verify: 200 -->\n```bash\ncurl a\n```\n')).toThrow(/1 doc-test markers/);
  });
});

describe('markdown links', () => {
  it('finds relative links outside code, and the anchors of headings as GitHub makes them', () => {
    const markdown = '# A: b (c)\n\n[x](docs/a.md#b) ![i](img.png) [w](https://x.y) `[n](no.md)`\n\n```\n[n](no.md)\n## Not a heading\n```\n## A: b (c)\n';
    expect(relativeLinks(markdown)).toEqual(['docs/a.md#b', 'img.png']);
    expect([...headingAnchors(markdown)]).toEqual(['a-b-c', 'a-b-c-1']);
  });

  it('finds the repository paths named in code spans, leaving out patterns and fenced code', () => {
    const markdown = 'In `workers/verify/lists/quality.ts` and `shared/net/`, not `workers/<name>/config.ts` or `npm test`.\n\n```\nworkers/x.ts\n```\n';
    expect(codePaths(markdown)).toEqual(['workers/verify/lists/quality.ts', 'shared/net/']);
  });
});
