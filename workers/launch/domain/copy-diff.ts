import { diffWordsWithSpace } from 'diff';

export interface DiffSegment {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * What changed in a post's copy since the reviewer last saw it, word by word (whitespace kept, so
 * a changed line break shows). Adjacent pieces of one kind are merged for a compact rendering.
 */
export function diffCopy(before: string, after: string): DiffSegment[] {
  const segments: DiffSegment[] = [];
  for (const change of diffWordsWithSpace(before, after)) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += change.value;
    else segments.push({ kind, text: change.value });
  }
  return segments;
}

export interface VisualRef {
  url: string;
  altText: string;
}

/** Visuals added and removed since the last review, compared by what is shown and how it is described. */
export function diffVisuals(before: VisualRef[], after: VisualRef[]): { added: VisualRef[]; removed: VisualRef[] } {
  const key = (visual: VisualRef) => `${visual.url}\n${visual.altText}`;
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return { added: after.filter((visual) => !beforeKeys.has(key(visual))), removed: before.filter((visual) => !afterKeys.has(key(visual))) };
}
