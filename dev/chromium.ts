import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** Where Debian's package puts the browser itself (`/usr/bin/chromium` is a shell wrapper around it). */
const DEBIAN_CHROMIUM = ['/usr/lib/chromium/chromium', '/usr/bin/chromium', '/usr/bin/chromium-browser'];
const MARKER = '# launch-dev-chromium-wrapper';
export const INSTALL_HINT = 'apt-get install -y chromium';
/** Where to look for a system Chromium, `:`-separated; empty acts as a machine without one (how the tests reach the npm fallback). */
export const SYSTEM_CHROMIUM_ENV = 'DEV_SYSTEM_CHROMIUM_PATHS';

export interface LocalChromium {
  /** The browser miniflare will run: the system Chromium, else the one unpacked from npm, else null. */
  executable: string | null;
  source: 'system' | 'npm' | null;
  /** The path miniflare launches for the Browser Rendering binding. */
  linkedAt: string;
}

/**
 * miniflare serves the Browser Rendering binding by launching the Chrome build its puppeteer
 * expects, downloaded into the wrangler cache; it skips the download when that file exists. Writing
 * a small wrapper there that starts a local Chromium (as root it needs --no-sandbox, which miniflare
 * only adds when CI is set) means no browser is ever downloaded. The wrapper prefers the system's
 * Chromium (Debian's); without one it runs the Chromium shipped inside the `@sparticuz/chromium` npm
 * package, unpacked here on first use, so `npm install && npm run dev` serves screenshots with
 * nothing installed by hand. With neither it fails at once with the install hint, so the capture
 * route answers 503 instead of miniflare trying a download. `npm run dev`, `npm test` and
 * `npm run bench` call this.
 */
export function ensureLocalChromium(): LocalChromium {
  const linkedAt = join(cacheDir(), 'chrome', `linux-${miniflareBrowserVersion()}`, 'chrome-linux64', 'chrome');
  const candidates = systemChromiumCandidates();
  const system = candidates.find((path) => existsSync(path)) ?? null;
  const packaged = packagedChromium();
  const unpacked = system ? null : unpackPackagedChromium(packaged);
  const script = wrapperScript(candidates, packaged);
  const current = existsSync(linkedAt) ? readFileSync(linkedAt, 'utf8') : null;
  // A real Chrome someone installed there is left alone; only our own wrapper is rewritten.
  if (current === null || (current.includes(MARKER) && current !== script)) {
    mkdirSync(dirname(linkedAt), { recursive: true });
    // Written beside and renamed, so a test run starting in parallel never sees half a script.
    const temporary = `${linkedAt}.${process.pid}.tmp`;
    writeFileSync(temporary, script, { mode: 0o755 });
    renameSync(temporary, linkedAt);
  }
  if (system) return { executable: system, source: 'system', linkedAt };
  if (unpacked) return { executable: unpacked, source: 'npm', linkedAt };
  return { executable: null, source: null, linkedAt };
}

function systemChromiumCandidates(): string[] {
  const configured = process.env[SYSTEM_CHROMIUM_ENV];
  if (configured === undefined) return DEBIAN_CHROMIUM;
  return configured.split(':').filter((path) => path.length > 0);
}

/** The npm package's Chromium and where it is unpacked: one folder per package version, in the wrangler cache. */
interface PackagedChromium {
  version: string | null;
  folder: string;
  executable: string;
  fontconfig: string;
  libraries: string;
}

function packagedChromium(): PackagedChromium {
  const version = packagedChromiumVersion();
  const folder = join(cacheDir(), 'chrome', `sparticuz-chromium-${version ?? 'missing'}`);
  return { version, folder, executable: join(folder, 'chromium'), fontconfig: join(folder, 'fontconfig'), libraries: join(folder, 'al2023', 'lib') };
}

function packagedChromiumVersion(): string | null {
  const root = packagedChromiumRoot();
  return root ? (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version : null;
}

/** The package's folder (its exports hide package.json): its entry is build/cjs/index.cjs. */
function packagedChromiumRoot(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium')), '..', '..');
  } catch {
    return null;
  }
}

/**
 * Unpacks the package's brotli archives with its own code (`executablePath()`), in a child process
 * whose TMPDIR is a fresh folder, since the package always unpacks into the temporary directory.
 * It inflates its bundled NSS, NSPR and expat libraries (`al2023.tar.br`) only on Amazon Linux,
 * so the child says it is there: with them on LD_LIBRARY_PATH the browser needs nothing from the
 * system but glibc. Its fontconfig file names /tmp/fonts, so we write one naming our folder.
 * The folder is renamed into place when complete, so parallel runs never see half of it.
 */
function unpackPackagedChromium(packaged: PackagedChromium): string | null {
  if (!packaged.version) return null;
  if (existsSync(packaged.executable)) return packaged.executable;
  const staging = `${packaged.folder}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const unpack = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "console.log(await (await import('@sparticuz/chromium')).default.executablePath())"],
    {
      cwd: packagedChromiumRoot()!,
      env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' },
      encoding: 'utf8',
    },
  );
  if (unpack.status !== 0 || unpack.stdout.trim() !== join(staging, 'chromium')) {
    rmSync(staging, { recursive: true, force: true });
    console.warn(`Could not unpack the Chromium of @sparticuz/chromium: ${unpack.stderr || unpack.stdout}`);
    return null;
  }
  mkdirSync(join(staging, 'fontconfig'));
  writeFileSync(
    join(staging, 'fontconfig', 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${join(packaged.folder, 'fonts')}</dir>\n  <cachedir>${join(packaged.folder, 'fontconfig', 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  try {
    renameSync(staging, packaged.folder);
  } catch (error) {
    // Another run finished first: its copy is as good as ours.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(packaged.executable)) throw error;
  }
  return packaged.executable;
}

function wrapperScript(candidates: string[], packaged: PackagedChromium): string {
  return `#!/bin/sh
${MARKER}: written by dev/chromium.ts so that miniflare's Browser Rendering runs a local Chromium.
PATH=/usr/local/bin:/usr/bin:/bin
export PATH
rules=""
# Host rules the process that started the browser asked for (see useHostRules below).
if [ -r "$(dirname "$0")/host-rules.$PPID" ]; then rules=$(cat "$(dirname "$0")/host-rules.$PPID"); fi
for candidate in ${candidates.join(' ')}; do
  if [ -x "$candidate" ]; then
    exec "$candidate" --no-sandbox --disable-gpu --disable-dev-shm-usage \${rules:+"--host-resolver-rules=$rules"} "$@"
  fi
done
# No system Chromium: the one from the @sparticuz/chromium npm package, with its own libraries and fonts.
if [ -x "${packaged.executable}" ]; then
  FONTCONFIG_PATH="${packaged.fontconfig}" LD_LIBRARY_PATH="${packaged.libraries}" exec "${packaged.executable}" --no-sandbox --no-zygote --disable-gpu --disable-dev-shm-usage \${rules:+"--host-resolver-rules=$rules"} "$@"
fi
echo "Chromium is not installed; screenshots need it: ${INSTALL_HINT} (or npm install, for the one in @sparticuz/chromium)" >&2
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
