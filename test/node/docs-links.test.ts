import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codePaths, headingAnchors, relativeLinks } from '../shared/markdown-links';

const root = fileURLToPath(new URL('../..', import.meta.url));

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const pages = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('links of README.md and docs/', () => {
  it('finds the pages and their links', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(relativeLinks(readFileSync(join(root, 'README.md'), 'utf8')).length).toBeGreaterThan(10);
  });

  it.each(pages.map((path) => [relative(root, path), path]))('every relative link of %s names a file (and heading) that exists', (_name, path) => {
    const broken: string[] = [];
    for (const link of relativeLinks(readFileSync(path, 'utf8'))) {
      const [target, anchor] = link.split('#') as [string, string | undefined];
      const file = target === '' ? path : resolve(dirname(path), decodeURI(target));
      if (!existsSync(file)) broken.push(`${link}: no such file`);
      else if (anchor && file.endsWith('.md') && !headingAnchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${link}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  // Files move (issue 41): a page naming a path that is gone misleads until it names the new one.
  it.each(pages.map((path) => [relative(root, path), path]))('every repository path %s names in code exists', (_name, path) => {
    const missing = codePaths(readFileSync(path, 'utf8')).filter((named) => !existsSync(join(root, named)));
    expect(missing).toEqual([]);
  });
});
