import { describe, expect, it } from 'vitest';
import { generateBrief } from './generate';
import { templateTagsRemoved } from './template-tags';

/** Made-up notes in the way I2P's site wraps its release posts in Jinja's translation tags. */
const NOTES = [
  '{% trans -%}',
  '==================',
  'Acme 2.10.0 Release',
  '==================',
  '{%- endtrans %}',
  '',
  '{% trans -%}',
  'Work continues on the deployment of post-quantum cryptography in Acme.',
  'In this release post-quantum cryptography is available but not turned on by default.',
  '{%- endtrans %}',
  '',
  '{% trans -%}',
  'AcmeSnark now supports UDP trackers.',
  'This should reduce the load of torrent trackers.',
  '{%- endtrans %}',
];

describe("Jinja's translation tags around a post's paragraphs (I2P)", () => {
  it('go, line for line, leaving the words they wrap', () => {
    const read = templateTagsRemoved(NOTES);
    expect(read).toHaveLength(NOTES.length);
    expect(read.join('\n')).not.toContain('{%');
    expect(templateTagsRemoved(['{% trans %}I2P 2.10.0 Release{% endtrans %}', '- Fix a crash'])).toEqual([
      '{% trans %}I2P 2.10.0 Release{% endtrans %}',
      '- Fix a crash',
    ]);
  });

  it('leave a post whose paragraphs tell its changes', () => {
    const brief = generateBrief({ id: 'rel_1', version: '2.10.0', title: 'I2P 2.10.0 Release', url: null, notes: NOTES.join('\n'), contentHash: 'h' }, null);
    expect(brief.headline.text).toMatch(/^I2P 2\.10\.0 is out/);
    expect(brief.highlights.map((highlight) => highlight.text)).toContain('AcmeSnark now supports UDP trackers.');
    expect(JSON.stringify(brief)).not.toContain('trans');
  });
});
