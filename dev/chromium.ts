import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where Debian's package puts the browser itself (`/usr/bin/chromium` is a shell wrapper around it). */
const CHROMIUM_CANDIDATES = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const MARKER = '# launch-dev-chromium-wrapper';
export const INSTALL_HINT = 'apt-get install -y chromium';

export interface LocalChromium {
  /** The Debian Chromium found on this machine, or null. */
  executable: string | null;
  /** The path miniflare launches for the Browser Rendering binding. */
  linkedAt: string;
}

/**
 * miniflare serves the Browser Rendering binding by launching the Chrome build its puppeteer
 * expects, downloaded into the wrangler cache; it skips the download when that file exists. Writing
 * a small wrapper there that starts Debian's Chromium (as root it needs --no-sandbox, which miniflare
 * only adds when CI is set) means no browser is ever downloaded. The wrapper is written even when
 * Chromium is missing: it then fails at once with the install hint, so the capture route answers
 * 503 instead of miniflare trying a download. `npm run dev`, `npm test` and `npm run bench` call this.
 */
export function ensureLocalChromium(): LocalChromium {
  const linkedAt = join(cacheDir(), 'chrome', `linux-${miniflareBrowserVersion()}`, 'chrome-linux64', 'chrome');
  const executable = CHROMIUM_CANDIDATES.find((path) => existsSync(path)) ?? null;
  const script = wrapperScript();
  const current = existsSync(linkedAt) ? readFileSync(linkedAt, 'utf8') : null;
  // A real Chrome someone installed there is left alone; only our own wrapper is rewritten.
  if (current === null || (current.includes(MARKER) && current !== script)) {
    mkdirSync(dirname(linkedAt), { recursive: true });
    // Written beside and renamed, so a test run starting in parallel never sees half a script.
    const temporary = `${linkedAt}.${process.pid}.tmp`;
    writeFileSync(temporary, script, { mode: 0o755 });
    renameSync(temporary, linkedAt);
  }
  return { executable, linkedAt };
}

function wrapperScript(): string {
  return `#!/bin/sh
${MARKER}: written by dev/chromium.ts so that miniflare's Browser Rendering runs Debian's Chromium.
PATH=/usr/local/bin:/usr/bin:/bin
export PATH
rules=""
# Host rules the process that started the browser asked for (see useHostRules below).
if [ -r "$(dirname "$0")/host-rules.$PPID" ]; then rules=$(cat "$(dirname "$0")/host-rules.$PPID"); fi
for candidate in ${CHROMIUM_CANDIDATES.join(' ')}; do
  if [ -x "$candidate" ]; then
    exec "$candidate" --no-sandbox --disable-gpu --disable-dev-shm-usage \${rules:+"--host-resolver-rules=$rules"} "$@"
  fi
done
echo "Chromium is not installed; screenshots need it: ${INSTALL_HINT}" >&2
exit 1
`;
}

/**
 * Lets a test run map fixture host names to this machine (`MAP *.example 127.0.0.1`), the way a
 * DNS stub would, for the browsers its own miniflare starts. miniflare gives the browser an empty
 * environment and fixed arguments, so the rules go in a file named after this process, which the
 * wrapper reads as its parent's; other runs on the machine are unaffected. Returns the clean-up.
 */
export function useHostRules(chromium: LocalChromium, rules: string): () => void {
  const file = join(dirname(chromium.linkedAt), `host-rules.${process.pid}`);
  writeFileSync(file, rules);
  return () => rmSync(file, { force: true });
}

/** xdg-app-paths, as wrangler and miniflare use it: `$XDG_CACHE_HOME/.wrangler`, else `~/.cache/.wrangler`. */
function cacheDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), '.wrangler');
}

/** The Chrome version miniflare asks for, read from its own code so an upgrade cannot silently miss the link. */
function miniflareBrowserVersion(): string {
  const source = readFileSync(createRequire(import.meta.url).resolve('miniflare'), 'utf8');
  const version = source.match(/browserVersion:\s*"([\d.]+)"/)?.[1];
  if (!version) throw new Error('Could not find the browser version miniflare expects (browserVersion in its dist); update dev/chromium.ts.');
  return version;
}
