import { expect } from 'vitest';
import { checkBrief } from '../../workers/launch/domain/brief/check';
import { type BriefRelease, generateBrief } from '../../workers/launch/domain/brief/generate';

/** The brief of a release without a profile, which its own checker must accept whole. */
export function checkedBrief(release: BriefRelease) {
  const brief = generateBrief(release, null);
  expect(checkBrief(brief, { notes: release.notes, release, profile: null })).toEqual([]);
  return brief;
}
