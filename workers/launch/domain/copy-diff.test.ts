import { describe, expect, it } from 'vitest';
import { diffCopy, diffVisuals } from './copy-diff';

describe('diffCopy', () => {
  it('marks the words added and removed, keeping the rest', () => {
    expect(diffCopy('v2 is out', 'v2 is out today')).toEqual([
      { kind: 'same', text: 'v2 is out' },
      { kind: 'added', text: ' today' },
    ]);
    expect(diffCopy('ship it now', 'ship v2 now')).toEqual([
      { kind: 'same', text: 'ship ' },
      { kind: 'removed', text: 'it' },
      { kind: 'added', text: 'v2' },
      { kind: 'same', text: ' now' },
    ]);
  });

  it('rebuilds both texts from its segments', () => {
    const before = 'v2 is out today, with faster sync.';
    const after = 'v2 is finally out, with faster sync and a new CLI.';
    const segments = diffCopy(before, after);
    expect(
      segments
        .filter((segment) => segment.kind !== 'added')
        .map((segment) => segment.text)
        .join(''),
    ).toBe(before);
    expect(
      segments
        .filter((segment) => segment.kind !== 'removed')
        .map((segment) => segment.text)
        .join(''),
    ).toBe(after);
  });

  it('is one unchanged segment for identical copy, and one added segment from nothing', () => {
    expect(diffCopy('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(diffCopy('', 'new copy')).toEqual([{ kind: 'added', text: 'new copy' }]);
  });

  it('shows a changed line break', () => {
    expect(diffCopy('one two', 'one\ntwo')).toEqual([
      { kind: 'same', text: 'one' },
      { kind: 'removed', text: ' ' },
      { kind: 'added', text: '\n' },
      { kind: 'same', text: 'two' },
    ]);
  });
});

describe('diffVisuals', () => {
  it('lists visuals added and removed, matching on url and alt text', () => {
    const chart = { url: 'asset:ast_1', altText: 'Chart' };
    const logo = { url: 'https://example.com/logo.png', altText: 'Logo' };
    expect(diffVisuals([chart], [chart, logo])).toEqual({ added: [logo], removed: [] });
    expect(diffVisuals([chart], [{ ...chart, altText: 'New chart' }])).toEqual({ added: [{ ...chart, altText: 'New chart' }], removed: [chart] });
  });
});
