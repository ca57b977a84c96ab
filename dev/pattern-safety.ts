/**
 * Refuses regular expressions whose matching time can explode on hostile text. The brief reads release notes people paste
 * (up to 50,000 characters), verify reads the policy files any domain serves: a pattern that backtracks exponentially
 * ("(?:\s*,?\s*#\d+)*" over a bracket of 30 issue numbers) or in a high polynomial hangs the Worker until its CPU limit
 * kills the request. Every pattern under the given
 * folders is checked with recheck (https://makenowjust-labs.github.io/recheck/): the literals found in the source, and
 * those built with `new RegExp` when the modules load.
 *
 *   npm run check:patterns
 *
 * Exits 1 when a pattern is exponential or polynomial above cubic; quadratic ones pass. Cubic ones are listed to fix, not
 * refused: recheck finds some of them by fuzzing, timed, so a run may or may not see one, and CI must not pass or fail by
 * chance. A pattern recheck cannot decide in time is listed too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { checkSync } from 'recheck';
import ts from 'typescript';

/** Quadratic is accepted: every pattern runs over one line or one item, and a long line of it stays within a brief's budget. */
const MAX_DEGREE = 2;
/** Listed, not refused (see above). */
const LISTED_DEGREE = 3;
const root = resolve(import.meta.dirname, '..');
const folders = process.argv.slice(2).map((folder) => resolve(root, folder));

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function literalsOf(path: string): Pattern[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Pattern[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(file);
      const end = text.lastIndexOf('/');
      const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      found.push({ where: `${relative(root, path)}:${line}`, source: text.slice(1, end), flags: text.slice(end + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Patterns the modules build from pieces (`new RegExp(String.raw`…`)`) exist only once they load: record each one built then. */
async function builtWhenLoaded(files: string[]): Promise<Pattern[]> {
  const built: Pattern[] = [];
  const Native = RegExp;
  globalThis.RegExp = new Proxy(Native, {
    construct(target, args: [string | RegExp, string?]) {
      const made = new target(...args);
      const frame = (new Error().stack ?? '').split('\n').find((line) => folders.some((folder) => line.includes(folder)));
      // "at fn (/path/file.ts:12:5)" or "at /path/file.ts:12:5".
      const at = frame?.match(/\(([^()]*):(\d+):\d+\)$/) ?? frame?.match(/at (.*):(\d+):\d+$/);
      if (at) built.push({ where: `${relative(root, at[1]!)}:${at[2]}`, source: made.source, flags: made.flags });
      return made;
    },
  });
  try {
    for (const file of files.filter((path) => !path.endsWith('.tsx'))) {
      // A module that needs the Workers runtime (`cloudflare:workers`) cannot load in Node: its literals are still checked.
      await import(pathToFileURL(file).href).catch(() => console.log(`not loaded, literals only: ${relative(root, file)}`));
    }
  } finally {
    globalThis.RegExp = Native;
  }
  return built;
}

const files = folders.flatMap(sourceFiles);
const seen = new Set<string>();
const patterns = [...files.flatMap(literalsOf), ...(await builtWhenLoaded(files))].filter((pattern) => {
  const key = `${pattern.source}/${pattern.flags}`;
  return !seen.has(key) && seen.add(key);
});

/**
 * recheck's verdicts, from one worker thread per core: each pattern takes up to 2 s, and one thread took about 12 minutes
 * of CI for the 1,700-odd patterns.
 */
async function verdicts(all: Pattern[]): Promise<Array<ReturnType<typeof checkSync>>> {
  // At most four: each thread loads recheck of its own, and CI's machine has two cores.
  const threads = Math.max(1, Math.min(availableParallelism(), 4));
  const found: Array<ReturnType<typeof checkSync>> = new Array(all.length);
  let done = 0;
  await Promise.all(
    Array.from({ length: threads }, (_, thread) => {
      const indexes = all.map((_, index) => index).filter((index) => index % threads === thread);
      const worker = new Worker(CHECKER, {
        eval: true,
        workerData: { require: createRequire(import.meta.url).resolve('recheck'), patterns: indexes.map((index) => all[index]) },
      });
      return new Promise<void>((resolve, reject) => {
        worker.on('message', ({ at, result }: { at: number; result: ReturnType<typeof checkSync> }) => {
          found[indexes[at]!] = result;
          if (++done % 100 === 0) process.stderr.write(`checking patterns: ${done}/${all.length}\n`);
        });
        worker.on('error', reject);
        worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a pattern checker thread exited with ${code}`))));
      });
    }),
  );
  return found;
}

/** A worker thread's whole program: plain JavaScript, so it needs no TypeScript loader. */
const CHECKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { checkSync } = require(workerData.require);
workerData.patterns.forEach((pattern, at) => {
  const result = checkSync(pattern.source, pattern.flags.replace(/[gy]/g, ''), { timeout: 2000 });
  parentPort.postMessage({ at, result: JSON.parse(JSON.stringify(result)) });
});
`;

let refused = 0;
let undecided = 0;
for (const [index, result] of (await verdicts(patterns)).entries()) {
  const pattern = patterns[index]!;
  if (result.status === 'unknown') {
    undecided++;
    console.log(`undecided ${pattern.where}: /${pattern.source.slice(0, 120)}/`);
    continue;
  }
  if (result.status !== 'vulnerable') continue;
  const { complexity } = result;
  if (complexity.type === 'polynomial' && complexity.degree <= MAX_DEGREE) continue;
  const listed = complexity.type === 'polynomial' && complexity.degree <= LISTED_DEGREE;
  if (!listed) refused++;
  console.log(`${listed ? 'to fix' : 'refused'}: ${complexity.summary} ${pattern.where}: /${pattern.source.slice(0, 160)}/`);
  console.log(`  e.g. ${JSON.stringify(result.attack.string.slice(0, 80))}`);
}
console.log(`${patterns.length} patterns in ${files.length} files: ${refused} refused, ${undecided} undecided (checked up to 2 s each).`);
process.exit(refused > 0 ? 1 : 0);
