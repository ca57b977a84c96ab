import { describe, expect, it } from 'vitest';
import { emptyProductProfile, type ProductProfile } from '../product-profile';
import { BriefInputError, generateBrief, MAX_BRIEF_NOTES_CHARS } from './generate';

const release = {
  id: 'rel_x',
  version: 'v2.0.0',
  title: 'v2.0.0',
  url: null,
  notes: ['### Breaking changes', '- Drop Node 18', '### Features', '- Add `--watch` mode', '### Security', '- Fix CVE-2026-1234 in the parser'].join('\n'),
  contentHash: 'h',
};

function refusal(run: () => unknown): BriefInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof BriefInputError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('generating a brief', () => {
  it('refuses empty notes, notes over the cap and notes with nothing to cite', () => {
    expect(refusal(() => generateBrief({ ...release, notes: ' \n ' }, null)).reason).toBe('notes_empty');
    const long = refusal(() => generateBrief({ ...release, notes: `- ${'word '.repeat(MAX_BRIEF_NOTES_CHARS / 5)}` }, null));
    expect(long).toMatchObject({ reason: 'notes_too_long', details: { maxChars: MAX_BRIEF_NOTES_CHARS } });
    expect(refusal(() => generateBrief({ ...release, notes: '- chore: bump deps\n- ci: cache' }, null)).reason).toBe('nothing_to_cite');
  });

  it('uses the profile for the name, audience, documentation and voice', () => {
    const profile: ProductProfile = {
      ...emptyProductProfile,
      name: 'Acme',
      audience: 'teams shipping APIs.',
      docsUrl: 'https://acme.dev/docs',
      voiceSamples: [
        { text: 'We build tools we love!', url: 'https://acme.dev' },
        { text: 'Our team ships weekly.', url: 'https://acme.dev/about' },
      ],
    };
    const brief = generateBrief(release, profile);
    expect(brief.headline.text).toBe('We released Acme v2.0.0!');
    expect(brief.product).toEqual({ name: 'Acme', source: 'profile' });
    expect(brief.audience.map((sentence) => sentence.text)).toEqual([
      'Acme is for teams shipping APIs.',
      'Anyone upgrading should read the breaking changes first.',
      'Everyone on an earlier version should update for the security fixes.',
    ]);
    expect(brief.callToAction).toEqual({
      text: 'Read more in the documentation: https://acme.dev/docs',
      citations: [{ source: 'profile', field: 'docsUrl', value: 'https://acme.dev/docs' }],
    });
  });

  it('falls back to the release alone without a profile', () => {
    const brief = generateBrief(release, null);
    expect(brief.headline).toEqual({ text: 'v2.0.0 is out.', citations: [{ source: 'release', field: 'version', value: 'v2.0.0' }] });
    expect(brief.highlights.map((highlight) => [highlight.kind, highlight.text])).toEqual([
      ['breaking', 'Drop Node 18.'],
      ['feature', 'Add --watch mode.'],
      ['security', 'Fix CVE-2026-1234 in the parser.'],
    ]);
    expect(brief.summary).toEqual([expect.objectContaining({ text: 'It brings breaking changes, new features and security fixes.' })]);
    expect(brief.callToAction.text).toBe('See the notes of v2.0.0 for every change.');
  });
});
