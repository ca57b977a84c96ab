import { describe, expect, it } from 'vitest';
import { generateBrief } from './brief/generate';
import { cardAltText, cardInputs, cardKey, cardSizes, CARD_HIGHLIGHTS, type CardInputs } from './card';
import { cardHtml } from './card-template';
import { channelNames } from './channels';
import { emptyProductProfile } from './product-profile';

const release = {
  id: 'rel_x',
  version: 'v2.0.0',
  title: 'Acme 2.0',
  url: 'https://github.com/acme/acme/releases/tag/v2.0.0',
  notes: [
    '### Features',
    '- Add `--watch` mode',
    '- Add a dark theme',
    '### Breaking changes',
    '- Drop Node 18',
    '### Fixes',
    '- Fix a crash on empty input',
  ].join('\n'),
  contentHash: 'h',
};
const brief = generateBrief(release, null);

describe('card sizes', () => {
  it('gives each channel the size it shows uncropped: 16:9 for X, Bluesky and Mastodon, 1.91:1 for LinkedIn, square for Threads', () => {
    expect(cardSizes).toEqual({
      x: { width: 1200, height: 675 },
      linkedin: { width: 1200, height: 627 },
      bluesky: { width: 1200, height: 675 },
      mastodon: { width: 1200, height: 675 },
      threads: { width: 1080, height: 1080 },
    });
    expect(Object.keys(cardSizes).sort()).toEqual([...channelNames].sort());
  });
});

describe('card inputs', () => {
  it('prints a title people wrote, and the name and version over a file heading or a bare tag', () => {
    const titled = (title: string, overrides: Partial<typeof release> = {}) => cardInputs(generateBrief({ ...release, ...overrides, title }, null), null).title;
    expect(titled('Acme 2.0')).toBe('Acme 2.0');
    expect(titled('The spring release')).toBe('The spring release');
    expect(titled('acme (2.0.0) alfa; urgency=medium')).toBe('acme v2.0.0');
    expect(titled('* Noteworthy changes in release 2.0.0 (2026-04-20) [stable]')).toBe('acme v2.0.0');
    expect(titled('Change Log')).toBe('acme v2.0.0');
    expect(titled('[v2.0.0]')).toBe('acme v2.0.0');
    expect(titled('rel_2_0_0')).toBe('acme v2.0.0');
  });

  it('shows the product, version, kind of release and the top items in plain words, with a short link', () => {
    const inputs = cardInputs(brief, null);
    expect(inputs).toMatchObject({
      product: 'Acme',
      title: 'Acme 2.0',
      version: 'v2.0.0',
      releaseKind: 'A major release with breaking changes',
      logoUrl: null,
      link: 'github.com/acme/acme',
    });
    expect(inputs.highlights).toHaveLength(CARD_HIGHLIGHTS);
    expect(inputs.highlights[0]).toEqual({ text: 'Dropped Node 18.' });
    expect(inputs.highlights.map((highlight) => highlight.text).join(' ')).not.toMatch(/Breaking:|New:|Fixed:/);
    expect(inputs.colours).toEqual({ background: '#0f172a', text: '#ffffff', accent: '#38bdf8', onAccent: '#0b1020' });
  });

  it("takes the profile's logo and colours, ignoring a colour that is not #rrggbb, and picks readable text", () => {
    const inputs = cardInputs(brief, {
      ...emptyProductProfile,
      logoUrl: 'https://acme.example/logo.png',
      brandColors: ['red;}</style><script>alert(1)</script>', '#FFD700', '#1e3a8a'],
    });
    expect(inputs.logoUrl).toBe('https://acme.example/logo.png');
    expect(inputs.colours).toEqual({ background: '#ffd700', text: '#0b1020', accent: '#1e3a8a', onAccent: '#ffffff' });
  });

  it('cuts a long highlight at a word boundary', () => {
    const long = generateBrief({ ...release, notes: `### Features\n- ${'Add a very long feature description '.repeat(10)}` }, null);
    const text = cardInputs(long, null).highlights[0]!.text;
    expect([...text].length).toBeLessThanOrEqual(120);
    expect(text).toMatch(/description…$|feature…$|long…$|very…$|Add…$|a…$/);
  });

  it('says a long change in its own fewer words, and reads a cut one to the end of a clause', () => {
    const labelled = generateBrief(
      {
        ...release,
        notes: `### Features\n- \`check\` blocks for validating infrastructure: Module and configuration authors can now write independent check blocks within their configuration to validate assertions about their infrastructure.`,
      },
      null,
    );
    expect(cardInputs(labelled, null).highlights[0]!.text).toBe('check blocks for validating infrastructure.');
    const long = generateBrief(
      {
        ...release,
        notes: `### Fixes\n- Executing a XAUTOCLAIM command on a stream key in a specific state may cause an integer overflow, a subsequent heap overflow, and potentially lead to remote code execution.`,
      },
      null,
    );
    // A flaw that could "lead to remote code execution" is a security fix, told by what went wrong, as its notes tell it.
    expect(cardAltText(cardInputs(long, null))).toMatch(
      /a security release\. It lists one change: “Executing a XAUTOCLAIM command on a stream key in a specific state may cause an integer overflow”\.$/,
    );
  });

  it('quotes a change cut short with its ellipsis, never ending on a word that leads to more', () => {
    const cut = generateBrief(
      {
        ...release,
        notes: `### Security\n- Fix regression introduced in 2025.10-beta1 where IPv6 traffic would leak when enabling Local Network Sharing and disabling In-tunnel IPv6`,
      },
      null,
    );
    expect(cardAltText(cardInputs(cut, null))).toMatch(/would leak when enabling Local Network Sharing…”\.$/);
  });

  it('never shortens a change to a two-word label that says only where it is', () => {
    const scoped = generateBrief(
      {
        ...release,
        notes: `### Fixes\n- PDF Output: Fix a regression which caused links in PDF to scroll to a target location minus the top margin, thus ending up a few lines above the target`,
      },
      null,
    );
    expect(cardInputs(scoped, null).highlights[0]!.text).toMatch(/^PDF Output: Fix a regression which caused links .*…$/);
  });

  it('says a breaking release that fixes advisories is both, as its headline does', () => {
    const both = generateBrief(
      { ...release, notes: '### Breaking changes\n- Drop Node 18\n### Security\n- Fix a path traversal in the static server (CVE-2026-1234)' },
      null,
    );
    expect(cardInputs(both, null).releaseKind).toBe('A major release with breaking changes and a security fix');
  });

  it('says what the card is of in one or two sentences of alt text, not every line of it', () => {
    const alt = cardAltText(cardInputs(brief, null));
    expect(alt).toBe('Launch card for Acme v2.0.0, a major release with breaking changes. It lists 3 changes, led by “Dropped Node 18”.');
    expect(alt.split(/(?<=\.)\s/).length).toBeLessThanOrEqual(2);
  });

  it('prints a short link, never a commit or file address cut with an ellipsis', () => {
    const blob = 'https://github.com/vitejs/vite/blob/a98c8d95d552c6fa98ab66fb810f5b39ad5abf49/packages/vite/CHANGELOG.md#L1347-L1499';
    expect(cardInputs({ ...brief, release: { ...brief.release, url: blob } }, null).link).toBe('github.com/vitejs/vite');
    const page = 'https://docs.example.org/en/stable/changelog/releases/2025/version-4-2-1.html';
    expect(cardInputs({ ...brief, release: { ...brief.release, url: page } }, null).link).toBe('docs.example.org');
  });
});

describe('card key', () => {
  it('changes with any input, the size and the format, and only with them', async () => {
    const inputs = cardInputs(brief, null);
    const key = await cardKey(inputs, cardSizes.x, 'png');
    expect(await cardKey(structuredClone(inputs), cardSizes.bluesky, 'png')).toBe(key);
    const others = await Promise.all([
      cardKey(inputs, cardSizes.linkedin, 'png'),
      cardKey(inputs, cardSizes.x, 'webp'),
      cardKey({ ...inputs, version: 'v2.0.1' }, cardSizes.x, 'png'),
      cardKey({ ...inputs, logoUrl: 'https://acme.example/logo.svg' }, cardSizes.x, 'png'),
      cardKey({ ...inputs, link: 'acme.example' }, cardSizes.x, 'png'),
      cardKey({ ...inputs, colours: { ...inputs.colours, accent: '#ff0000' } }, cardSizes.x, 'png'),
    ]);
    expect(new Set([key, ...others]).size).toBe(7);
  });
});

describe('card template', () => {
  const hostile: CardInputs = {
    product: '<img src=x onerror=alert(1)>',
    title: '</style><script>alert("title")</script>',
    version: 'v1"><svg onload=alert(2)>',
    releaseKind: '<b>A security release</b>',
    highlights: [{ text: "<iframe src='javascript:alert(3)'></iframe> & more" }],
    colours: { background: 'red;}body{background:url(https://evil.example/x)', text: '#ffffff', accent: '#38bdf8', onAccent: '#0b1020' },
    link: 'acme.example/</footer><script>alert(4)</script>',
    logoUrl: null,
  };

  it('escapes every text of the release and refuses colours that are not #rrggbb', () => {
    const html = cardHtml(hostile, cardSizes.x, null);
    expect(html).not.toMatch(/<script|<img src=x|<svg|<iframe/i);
    expect(html).toContain('<span class="version">v1&quot;&gt;&lt;svg onload=alert(2)&gt;</span>');
    expect(html).toContain('&lt;/style&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;iframe src=&#39;javascript:alert(3)&#39;&gt;&lt;/iframe&gt; &amp; more');
    expect(html).toContain('<footer>acme.example/&lt;/footer&gt;&lt;script&gt;alert(4)&lt;/script&gt;</footer>');
    expect(html).not.toContain('evil.example');
    expect(html).toContain('background:#0f172a');
  });

  it('forbids the page every load but data: images, and embeds only a data: logo', () => {
    const html = cardHtml(hostile, cardSizes.threads, 'data:image/png;base64,iVBORw0KGgo=');
    expect(html).toContain('content="default-src &#39;none&#39;; img-src data:; style-src &#39;unsafe-inline&#39;"');
    expect(html).toContain('<img class="logo" src="data:image/png;base64,iVBORw0KGgo="');
    expect(cardHtml(hostile, cardSizes.x, 'https://evil.example/logo.png')).not.toContain('class="logo"');
    expect(cardHtml(hostile, cardSizes.x, 'data:text/html;base64,PHNjcmlwdD4=')).not.toContain('class="logo"');
  });

  it('prints the link of the release page or the product site, and only a web address', () => {
    expect(cardInputs({ ...brief, release: { ...brief.release, url: null } }, { ...emptyProductProfile, siteUrl: 'https://acme.example/' }).link).toBe(
      'acme.example',
    );
    expect(cardInputs({ ...brief, release: { ...brief.release, url: 'javascript:alert(1)' } }, null).link).toBeNull();
  });

  it('says the version and the product once: not beside a title that already names them', () => {
    const named = cardHtml({ ...cardInputs(brief, null), title: 'Acme 2.0.0', product: 'Acme' }, cardSizes.x, null);
    expect(named).not.toContain('class="version"');
    expect(named).not.toContain('class="product"');
    const bare = cardHtml({ ...cardInputs(brief, null), title: 'The spring release', product: 'Acme' }, cardSizes.x, null);
    expect(bare).toContain('<span class="version">v2.0.0</span>');
    expect(bare).toContain('<span class="product">Acme</span>');
  });

  it('lays the page out at the exact size of the channel', () => {
    expect(cardHtml(cardInputs(brief, null), cardSizes.linkedin, null)).toContain('html,body{width:1200px;height:627px;');
    expect(cardHtml(cardInputs(brief, null), cardSizes.threads, null)).toContain('html,body{width:1080px;height:1080px;');
  });
});

describe('a card of one fix', () => {
  it('says what the headline says of it', () => {
    const one = generateBrief({ ...release, version: 'v2.0.1', title: 'Acme 2.0.1', notes: '### Fixes\n- Fix a crash on empty input' }, null);
    expect(one.headline.text).toBe('Acme v2.0.1 is out: a patch release with a fix.');
    expect(cardInputs(one, null).releaseKind).toBe('A patch release with a fix');
  });
});
