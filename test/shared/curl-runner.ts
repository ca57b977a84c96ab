/**
 * Runs a docs example (shell-words.ts) as fetches: each `curl` becomes a Request to the service
 * under test, `$(jq … .local/dev.json)` reads the test's own stand-in for that file, and
 * `NAME=$(curl … | jq -r .path)` keeps a field of the answer for the commands after it. Nothing is
 * shelled out. What it takes is listed in docs/writing-docs.md; anything else throws, naming it.
 */
import { parseScript, type Statement, type Word } from './shell-words';

export interface CurlContext {
  fetch: (request: Request) => Promise<Response>;
  /** The dev stack's origins in the docs → the origin requests are sent to here. */
  origins: Record<string, string>;
  /** What `npm run dev` writes to .local/dev.json, with this test's keys and user. */
  devJson: unknown;
  /** Files an example may upload, by the path it names. */
  files: Record<string, string>;
}

export interface CurlCall {
  method: string;
  url: string;
  status: number;
  body: string;
}

export async function runCurlExample(script: string, context: CurlContext): Promise<CurlCall[]> {
  const calls: CurlCall[] = [];
  const variables = new Map<string, string>();
  const cookieJars = new Map<string, Map<string, string>>();
  const run = { context, calls, variables, cookieJars };
  for (const statement of parseScript(script)) await runStatement(run, statement);
  return calls;
}

interface Run {
  context: CurlContext;
  calls: CurlCall[];
  variables: Map<string, string>;
  cookieJars: Map<string, Map<string, string>>;
}

async function runStatement(run: Run, statement: Statement): Promise<string> {
  const [command, ...pipes] = statement;
  const first = command![0]!;
  const assignment = first[0]?.kind === 'text' ? /^([A-Za-z_]\w*)=/.exec(first[0].text) : null;
  if (assignment) {
    if (command!.length > 1 || pipes.length > 0) throw new Error('Write an assignment as a statement of its own.');
    const rest: Word = [{ kind: 'text', text: (first[0] as { text: string }).text.slice(assignment[0].length) }, ...first.slice(1)];
    run.variables.set(assignment[1]!, await expand(run, rest));
    return '';
  }
  const args = await Promise.all(command!.map((word) => expand(run, word)));
  let output = await runCommand(run, args);
  for (const pipe of pipes) {
    const pipeArgs = await Promise.all(pipe.map((word) => expand(run, word)));
    if (pipeArgs[0] !== 'jq') throw new Error(`Only jq may follow a pipe, not ${pipeArgs[0]}.`);
    output = jq(pipeArgs.slice(1), output);
  }
  return output;
}

async function expand(run: Run, word: Word): Promise<string> {
  let text = '';
  for (const piece of word) {
    if (piece.kind === 'text') text += piece.text;
    else if (piece.kind === 'var') {
      const value = run.variables.get(piece.name);
      if (value === undefined) throw new Error(`$${piece.name} is used before it is set.`);
      text += value;
    } else {
      const statements = parseScript(piece.script);
      if (statements.length !== 1) throw new Error(`$(${piece.script}) must be one command.`);
      text += (await runStatement(run, statements[0]!)).replace(/\n+$/, '');
    }
  }
  return text;
}

async function runCommand(run: Run, args: string[]): Promise<string> {
  const [name, ...rest] = args;
  if (name === 'curl') return curl(run, rest);
  if (name === 'jq') {
    const file = rest.at(-1);
    if (file !== '.local/dev.json') throw new Error(`jq reads only .local/dev.json here, not ${file}.`);
    return jq(rest.slice(0, -1), JSON.stringify(run.context.devJson));
  }
  if (name === 'node' && rest.join(' ') === '-p crypto.randomUUID()') return crypto.randomUUID();
  throw new Error(`"${args.join(' ')}" is not something a tested example can run.`);
}

async function curl(run: Run, args: string[]): Promise<string> {
  const headers = new Headers();
  const data: string[] = [];
  let form: FormData | undefined;
  let method: string | undefined;
  let url: string | undefined;
  let writeJar: string | undefined;
  let printed = true;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const value = () => {
      const next = args[++i];
      if (next === undefined) throw new Error(`curl ${arg} needs a value.`);
      return next;
    };
    if (arg === '-s' || arg === '-S' || arg === '-sS' || arg === '--silent') continue;
    if (arg === '-X' || arg === '--request') method = value();
    else if (arg === '-H' || arg === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
    } else if (arg === '-d' || arg === '--data' || arg === '--data-binary') {
      const body = value();
      data.push(body.startsWith('@') ? readFile(run, body.slice(1)) : body);
    } else if (arg === '--data-raw') data.push(value());
    else if (arg === '-F' || arg === '--form') {
      form ??= new FormData();
      const field = value();
      const equals = field.indexOf('=');
      const [name, content] = [field.slice(0, equals), field.slice(equals + 1)];
      if (content.startsWith('@')) {
        const path = content.slice(1);
        form.append(name, new Blob([readFile(run, path)]), path.split('/').at(-1));
      } else form.append(name, content);
    } else if (arg === '-c' || arg === '--cookie-jar') writeJar = value();
    else if (arg === '-b' || arg === '--cookie') {
      const jar = run.cookieJars.get(value());
      if (jar) headers.set('cookie', [...jar].map(([name, cookie]) => `${name}=${cookie}`).join('; '));
    } else if (arg === '-o' || arg === '--output') {
      value();
      printed = false;
    } else if (arg.startsWith('-')) throw new Error(`curl ${arg} is not supported in a tested example.`);
    else if (url === undefined) url = arg;
    else throw new Error(`curl was given two URLs: ${url} and ${arg}.`);
  }
  if (url === undefined) throw new Error('curl was given no URL.');
  if (data.length > 0 && form) throw new Error('curl cannot send both -d and -F.');
  // As curl: -d sends a form-encoded POST unless the example names another type.
  if (data.length > 0 && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
  const body = form ?? (data.length > 0 ? data.join('&') : undefined);
  const request = new Request(targetOf(run.context, url), { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const response = await run.context.fetch(request);
  const text = await response.text();
  run.calls.push({ method: request.method, url, status: response.status, body: text });
  if (writeJar) keepCookies(run, writeJar, response);
  return printed ? text : '';
}

/** The request's URL: a dev-stack origin mapped to the test's, or an origin the service answered with. */
function targetOf(context: CurlContext, url: string): string {
  for (const [documented, actual] of Object.entries(context.origins)) {
    if (url === documented || url.startsWith(`${documented}/`)) return actual + url.slice(documented.length);
  }
  if (Object.values(context.origins).includes(new URL(url).origin)) return url;
  throw new Error(`${url} is neither the dev stack's (${Object.keys(context.origins).join(', ')}) nor a URL the service answered.`);
}

function readFile(run: Run, path: string): string {
  const content = run.context.files[path];
  if (content === undefined) throw new Error(`${path} is not among the files the example test provides (docs/examples/).`);
  return content;
}

function keepCookies(run: Run, jarName: string, response: Response) {
  const jar = run.cookieJars.get(jarName) ?? new Map<string, string>();
  // Both runtimes have getSetCookie; the Workers types do not declare it yet.
  for (const cookie of (response.headers as Headers & { getSetCookie(): string[] }).getSetCookie()) {
    const [pair] = cookie.split(';');
    const equals = pair!.indexOf('=');
    jar.set(pair!.slice(0, equals).trim(), pair!.slice(equals + 1).trim());
  }
  run.cookieJars.set(jarName, jar);
}

/**
 * The jq an example uses: `-r` or `-c`, and a filter that is a path (`.a.b[0].c`, `.`), an object
 * of paths (`{a: .x, b: .y}`), or anything after a display pipe, which only shapes what a reader
 * sees and is not evaluated (`| jq '.posts[] | {channel}'`): the input then passes through.
 */
export function jq(args: string[], input: string): string {
  const flags = args.filter((arg) => arg.startsWith('-'));
  const filters = args.filter((arg) => !arg.startsWith('-'));
  if (flags.some((flag) => flag !== '-r' && flag !== '-c') || filters.length > 1) throw new Error(`jq ${args.join(' ')} is not supported.`);
  const filter = filters[0] ?? '.';
  const value = evaluate(filter.trim(), input === '' ? null : JSON.parse(input));
  if (value === NOT_EVALUATED) {
    if (flags.includes('-r')) throw new Error(`jq -r ${filter}: only paths are evaluated, so its value cannot be kept.`);
    return input;
  }
  return typeof value === 'string' && flags.includes('-r') ? value : JSON.stringify(value);
}

const NOT_EVALUATED = Symbol('not evaluated');
const PATH = /^\.[\w.[\]]*$/;

function evaluate(filter: string, input: unknown): unknown {
  const object = /^\{(.*)\}$/s.exec(filter);
  if (object) {
    const entries = object[1]!.split(',').map((entry) => {
      const [key, path] = entry.split(':').map((part) => part.trim());
      if (!key || !path || !PATH.test(path)) return null;
      return [key, followPath(path, input)] as const;
    });
    return entries.every((entry) => entry !== null) ? Object.fromEntries(entries) : NOT_EVALUATED;
  }
  return PATH.test(filter) ? followPath(filter, input) : NOT_EVALUATED;
}

function followPath(path: string, input: unknown): unknown {
  const steps = path.match(/\.\w+|\[\d+\]/g) ?? [];
  if (steps.join('') !== (path === '.' ? '' : path)) throw new Error(`jq path ${path} is not supported.`);
  let value = input;
  for (const step of steps) {
    const key = step.startsWith('[') ? Number(step.slice(1, -1)) : step.slice(1);
    value = value === null || typeof value !== 'object' ? null : ((value as Record<string | number, unknown>)[key] ?? null);
  }
  return value;
}
