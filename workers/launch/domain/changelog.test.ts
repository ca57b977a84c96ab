import { describe, expect, it } from 'vitest';
import { dateIn, splitChangelog } from './changelog';
import { blocksToMarkdown, htmlBlocks } from './html-blocks';

const page = 'https://acme.example/changelog';
const split = async (html: string) => splitChangelog(await htmlBlocks(html), page);

describe('dateIn', () => {
  it.each([
    ['2026-03-02', '2026-03-02'],
    ['March 2, 2026', '2026-03-02'],
    ['Mar 2nd 2026', '2026-03-02'],
    ['2 March 2026', '2026-03-02'],
    ['Released Sept. 14, 2025', '2025-09-14'],
  ])('reads %s', (text, iso) => {
    expect(dateIn(text)?.toISOString().slice(0, 10)).toBe(iso);
  });

  it.each(['2026-02-30', 'March 2026', 'no date', '2026-13-01'])('finds no date in %s', (text) => {
    expect(dateIn(text)).toBeNull();
  });
});

describe('htmlBlocks and blocksToMarkdown', () => {
  it('reads paragraphs, lists, links, code and quotes, decoding references and skipping scripts', async () => {
    const blocks = await htmlBlocks(
      '<script>var x = "<p>no</p>";</script><p>Fish &amp; chips <a href="https://a.example">here</a><br>next line</p><ul><li>One</li><li>Two</li></ul><pre><code>npm i &lt;pkg&gt;\n  indented</code></pre><blockquote>Said so</blockquote>',
    );
    expect(blocksToMarkdown(blocks)).toBe(
      'Fish & chips [here](https://a.example)\nnext line\n\n- One\n- Two\n\n```\nnpm i <pkg>\n  indented\n```\n\n> Said so',
    );
  });
});

describe('splitChangelog', () => {
  it('splits keep-a-changelog at the version headings and leaves out Unreleased', async () => {
    const entries = await split(`<h1>Changelog</h1><h2>[Unreleased]</h2><p>Soon.</p>
<h2 id="2.4.0">[2.4.0] - 2026-03-02</h2><h3>Added</h3><ul><li>Dark mode</li></ul>
<h2 id="2.3.1">[2.3.1] - 2026-02-10</h2><p>A fix.</p>`);
    expect(entries.map((entry) => [entry.externalId, entry.version, entry.publishedAt?.toISOString().slice(0, 10), entry.url, entry.notes])).toEqual([
      ['#2.4.0', '2.4.0', '2026-03-02', `${page}#2.4.0`, '## Added\n\n- Dark mode'],
      ['#2.3.1', '2.3.1', '2026-02-10', `${page}#2.3.1`, 'A fix.'],
    ]);
  });

  it('splits dated posts without versions (Headway, Beamer) and reads a <time> after the heading', async () => {
    const entries = await split(`<h1>What's new</h1>
<article><h3><a href="/posts/dark-mode">Dark mode is here</a></h3><time datetime="2026-03-02T09:00:00Z">2 days ago</time><p>Finally.</p></article>
<article><h3><a href="/posts/exports">PDF exports</a></h3><time datetime="2026-02-20T09:00:00Z">last month</time><p>Export anything.</p></article>`);
    expect(entries).toMatchObject([
      {
        version: 'Dark mode is here',
        title: 'Dark mode is here',
        url: 'https://acme.example/posts/dark-mode',
        notes: 'Finally.',
        externalId: 'heading:Dark mode is here',
      },
      { version: 'PDF exports', url: 'https://acme.example/posts/exports', notes: 'Export anything.' },
    ]);
    expect(entries[0]!.publishedAt?.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('with dates in the headings, a version in the body does not matter', async () => {
    const entries = await split('<h2>March 2, 2026</h2><p>Version 2.4 ships dark mode.</p><h2>February 10, 2026</h2><p>Fixes.</p>');
    expect(entries.map((entry) => [entry.version, entry.publishedAt?.toISOString().slice(0, 10)])).toEqual([
      ['March 2, 2026', '2026-03-02'],
      ['February 10, 2026', '2026-02-10'],
    ]);
  });

  it('marks pre-release versions and keeps one entry per anchor', async () => {
    const entries = await split('<h2 id="b">v3.0.0-rc.1</h2><p>Try it.</p><h2 id="b">v3.0.0-rc.1</h2><p>Again.</p>');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ prerelease: true, version: '3.0.0-rc.1' });
  });

  it('finds nothing in a page without headings', async () => {
    expect(await split('<p>Nothing to see.</p>')).toEqual([]);
  });
});
