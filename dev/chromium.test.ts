import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureLocalChromium, SYSTEM_CHROMIUM_ENV } from './chromium';

// Each test gets a cache of its own, so the wrapper other runs on this machine share is untouched.
let cache: string;
const saved = { xdg: process.env.XDG_CACHE_HOME, paths: process.env[SYSTEM_CHROMIUM_ENV] };

beforeEach(() => {
  cache = mkdtempSync(join(tmpdir(), 'chromium-cache-'));
  process.env.XDG_CACHE_HOME = cache;
});

afterEach(() => {
  for (const [name, value] of [
    ['XDG_CACHE_HOME', saved.xdg],
    [SYSTEM_CHROMIUM_ENV, saved.paths],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(cache, { recursive: true, force: true });
});

describe('ensureLocalChromium', () => {
  it('prefers a system Chromium, and then unpacks nothing', () => {
    const system = join(cache, 'system-chromium');
    writeFileSync(system, '#!/bin/sh\necho "system chromium $*"\n');
    chmodSync(system, 0o755);
    process.env[SYSTEM_CHROMIUM_ENV] = `/nonexistent/chromium:${system}`;

    const chromium = ensureLocalChromium();

    expect(chromium).toMatchObject({ executable: system, source: 'system' });
    expect(readdirSync(join(cache, '.wrangler', 'chrome')).filter((name) => name.startsWith('sparticuz'))).toEqual([]);
    // miniflare starts the browser with an empty environment.
    expect(execFileSync(chromium.linkedAt, ['--version'], { env: {}, encoding: 'utf8' })).toContain('system chromium --no-sandbox');
  });

  it('without a system Chromium, runs the one from @sparticuz/chromium, which needs only glibc and its own libraries', () => {
    process.env[SYSTEM_CHROMIUM_ENV] = '';

    const chromium = ensureLocalChromium();

    expect(chromium.source).toBe('npm');
    expect(chromium.executable).toMatch(/sparticuz-chromium-[\d.]+\/chromium$/);
    expect(readFileSync(chromium.linkedAt, 'utf8')).toContain(chromium.executable);
    expect(execFileSync(chromium.linkedAt, ['--version'], { env: {}, encoding: 'utf8' })).toMatch(/^Chromium \d+\./);
    const folder = dirname(chromium.executable!);
    const linked = execFileSync('ldd', [chromium.executable!], { env: { LD_LIBRARY_PATH: join(folder, 'al2023', 'lib') }, encoding: 'utf8' });
    const fromSystem = [...linked.matchAll(/^\s*(\S+) => (\S+)/gm)].filter(([, , path]) => !path!.startsWith(folder)).map(([, name]) => name);
    expect(linked).not.toContain('not found');
    expect(fromSystem.filter((name) => !/^lib(c|m|dl|pthread|rt|gcc_s)\.so/.test(name!))).toEqual([]);
    // A second call reuses the unpacked copy.
    expect(ensureLocalChromium().executable).toBe(chromium.executable);
  });

  it('with neither, the wrapper fails at once with the install hint (so screenshots answer 503)', () => {
    process.env[SYSTEM_CHROMIUM_ENV] = '/nonexistent/chromium';
    const chromium = ensureLocalChromium();
    rmSync(chromium.executable!, { force: true });
    expect(existsSync(chromium.executable!)).toBe(false);

    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(chromium.linkedAt, ['--version'], { env: {}, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('apt-get install -y chromium');
  });
});
