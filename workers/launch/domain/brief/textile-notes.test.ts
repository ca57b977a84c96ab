import { describe, expect, it } from 'vitest';
import { checkBrief } from './check';
import { generateBrief } from './generate';
import { textileAsMarkdown } from './textile-notes';

/** Made-up notes in the way a Textile CHANGES file is written. */
const NOTES = [
  'h2. 3.8.0',
  '',
  '* New API (note that @controller@ is not the first argument anymore):',
  '** @Acme.create_cell_for(name, controller)@',
  '* Moved builder methods to @Acme::Builder@ module.',
  '* @DEFAULT_VIEW_PATHS@ is now in @Acme::Base@.',
].join('\n');

describe('Textile notes', () => {
  it('reads headings, nested lists and code spans as Markdown, line for line', () => {
    expect(textileAsMarkdown(NOTES.split('\n'))).toEqual([
      '## 3.8.0',
      '',
      '* New API (note that `controller` is not the first argument anymore):',
      '  * `Acme.create_cell_for(name, controller)`',
      '* Moved builder methods to `Acme::Builder` module.',
      '* `DEFAULT_VIEW_PATHS` is now in `Acme::Base`.',
    ]);
  });

  it('leaves handles and e-mail addresses alone, and notes without nesting or headings', () => {
    const handles = ['## 1.0', '', '* Thanks @ana and @bob, mail ana@example.com', '** nested @one@ and @two@'];
    expect(textileAsMarkdown(handles)[2]).toBe('* Thanks @ana and @bob, mail ana@example.com');
    const flat = ['## 1.0', '', '* Use @a@ and @b@'];
    expect(textileAsMarkdown(flat)).toBe(flat);
  });

  it('makes a cited brief with no Textile marks and no handles', () => {
    const release = { id: 'rel_1', version: '3.8.0', title: 'Acme 3.8.0', url: null, notes: NOTES, contentHash: 'x' };
    const brief = generateBrief(release, null);
    const texts = brief.highlights.map((highlight) => highlight.text);
    expect(texts).toContain('Moved builder methods to Acme::Builder module.');
    expect(texts.join(' ')).not.toMatch(/@/);
    expect(checkBrief(brief, { notes: NOTES, release, profile: null })).toEqual([]);
  });
});
