import { describe, expect, it } from 'vitest';
import { emptyProductProfile } from './product-profile';
import { assembleProfile, logoCandidates, mergeProfile, sentences, splitTitle } from './profile-from-site';
import { readSitePage } from './site-page';

describe('a profile from site pages', () => {
  it('reads nested text, headings, links, logo candidates and JSON-LD with HTMLRewriter', async () => {
    const page = await readSitePage(`<html><head><title>Acme &amp; Co | Ship faster</title>
      <link rel="apple-touch-icon" sizes="180x180" href="/touch.png"><link rel="icon" href="/icon.png">
      <script type="application/ld+json">{"@type":"Organization","name":"Acme","logo":{"url":"/brand/logo.svg"}}</script></head>
      <body><img src="/hero.png" alt="Hero"><img src="/img/acme-logo.png" alt="">
      <main><h1>Ship <em>faster</em></h1><p>Made for <a href="/teams">small teams</a>. It just works.<p>Second paragraph here.
      <ul><li>Fast builds</li></ul></main><ul><li>Nav item</li></ul></body></html>`);
    expect(page.title).toBe('Acme & Co | Ship faster');
    expect(page.h1).toEqual(['Ship faster']);
    expect(page.paragraphs).toEqual(['Made for small teams. It just works.', 'Second paragraph here.']);
    expect(page.listItems).toEqual(['Fast builds']);
    expect(page.links).toEqual([{ href: '/teams', text: 'small teams', rel: [] }]);
    expect(logoCandidates(page, 'https://acme.example/')).toEqual([
      'https://acme.example/brand/logo.svg',
      'https://acme.example/img/acme-logo.png',
      'https://acme.example/touch.png',
      'https://acme.example/icon.png',
      'https://acme.example/favicon.ico',
    ]);
    const profile = assembleProfile({ url: 'https://acme.example/', kind: 'other', page }, [{ url: 'https://acme.example/', kind: 'other', page }], {
      logoUrl: null,
      brandColors: [],
    });
    expect(profile).toMatchObject({
      name: 'Acme',
      tagline: 'Ship faster',
      audience: 'Made for small teams.',
      description: 'Made for small teams. It just works.',
    });
  });

  it('splits titles and prose', () => {
    expect(splitTitle('Lumen — Release notes your users read')).toEqual({ name: 'Lumen', rest: 'Release notes your users read' });
    expect(splitTitle('Acme')).toEqual({ name: 'Acme', rest: null });
    expect(sentences('One is here. Two is 2.5 times better! Three?')).toEqual(['One is here.', 'Two is 2.5 times better!', 'Three?']);
  });

  it('fills only empty fields unless told to overwrite, and never clears a field', () => {
    const current = { ...emptyProductProfile, name: 'Acme HQ', brandColors: ['#abcdef'], docsUrl: 'https://docs.acme.example/' };
    const found = { ...emptyProductProfile, name: 'Acme', tagline: 'Ship faster', brandColors: ['#6d28d9'] };
    expect(mergeProfile(current, found, false)).toEqual({ profile: { ...current, tagline: 'Ship faster' }, applied: ['tagline'] });
    const overwritten = mergeProfile(current, found, true);
    expect(overwritten.profile).toMatchObject({ name: 'Acme', brandColors: ['#6d28d9'], docsUrl: 'https://docs.acme.example/' });
    expect(overwritten.applied).toEqual(['name', 'tagline', 'brandColors']);
    expect(mergeProfile(null, found, false).applied).toEqual(['name', 'tagline', 'brandColors']);
  });
});
