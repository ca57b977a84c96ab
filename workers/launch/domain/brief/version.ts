/**
 * A version as people say it: a tag that carries the package's name (`tokio-1.16.0`,
 * `astro@4.3.0`, `@changesets/cli@3.0.0`, Go's `go1.24`) without the name, which the headline says already.
 */
export function shownVersion(version: string): string {
  // Linkerd's "edge-24.2.2" names its channel, not its package: the channel stays.
  if (CHANNEL_TAG.test(version)) return version;
  // beachball tags a package's release "@griffel/core_v1.21.0": the package, then the version; Bareos' "Release/22.0.0" and
  // git-buildpackage's "debian/0.9.37" name a branch of tags before it.
  const numbers = version.replace(
    /^(?:@[\w.-]+\/)?(?!v\d)[a-z][\w.-]*?(?:[@-]|_(?=v\d)|_(?=\d+_\d))(?=v?\d+[._-]\d)|^(?!v\d)[a-z]{2,}(?=\d+\.\d)|^(?:release|releases|debian|upstream|tags?)\/(?=v?\d+\.\d)/i,
    '',
  );
  // LVM2's "v2_03_39", psqlODBC's "REL-18_00_0002", Slurm's "slurm-23-02-7-1": a tag that cannot hold dots writes them
  // otherwise (a fourth number after a dash is the package's release). A date ("2024-06-01") stays as it is. NSS's
  // "NSS_3_118_RTM" marks the release to manufacture after its numbers.
  const dotless = numbers.match(/^(v?)(\d{1,3})([_-])(\d+)(?:\3(\d+))?(?:-(\d+))?(?:_(?:RTM|RELEASE|FINAL|GA))?$/);
  if (dotless && !numbers.includes('.')) {
    const [, v, major, , minor, patch, release] = dotless;
    return `${v}${major}.${minor}${patch ? `.${patch}` : ''}${release ? `-${release}` : ''}`;
  }
  return numbers;
}

/**
 * What a pre-release calls itself, in words ("an alpha", "a release candidate"): `8.0.0-alpha.0`,
 * `v8.3.0-beta2`, Python's `3.13.0b2` and `1.0rc1`, `2.0.0-next.3`, `23.0 beta 1`, opam's `2.6.0~alpha1`. Null for a release.
 */
const CHANNEL_TAG = /^(edge|nightly|canary)[-.](?=v?\d)/i;

export function preReleaseLabel(version: string): string | null {
  const channel = version.match(CHANNEL_TAG)?.[1];
  if (channel) return channel.toLowerCase();
  // "2.4-M6": a milestone (Spock, Spring) has its separator; "2.4M6" names no pre-release.
  const tag = shownVersion(version).match(
    /\d(?:[-.+_ ~]?(alpha|beta|rc|pre(?:view|-?release)?|canary|next|nightly|dev|milestone)|(a|b|rc)(?=\d)|[-.](M)(?=\d))[.\s-]?\d*$/i,
  );
  if (!tag) return null;
  const word = (tag[1] ?? tag[2] ?? 'milestone').toLowerCase();
  return PRE_RELEASE_WORDS[word] ?? 'pre-release';
}
const PRE_RELEASE_WORDS: Record<string, string> = {
  alpha: 'alpha',
  a: 'alpha',
  beta: 'beta',
  b: 'beta',
  rc: 'release candidate',
  pre: 'preview',
  preview: 'preview',
  milestone: 'milestone',
};

/**
 * Which number a release steps, read by its shape as semver does: 7.0.0 and Plots.jl's "v2" are majors, 7.1.0 a minor,
 * 7.1.2 a patch; before 1.0 (`beforeOne`) a minor is the step a break may come with (FastAPI 0.140.0). Haskell's PVP
 * counts two numbers as the major: 2.2.0.0 is a major, 2.2.1.0 a minor. A pre-release is read by the release it leads
 * to. Null for what names no step: a build number or a year standing alone.
 */
export interface VersionStep {
  step: 'major' | 'minor' | 'patch';
  beforeOne: boolean;
}

export function versionStep(version: string): VersionStep | null {
  // sokol's "23-Jan-2025": a date names the release, whose "23" is no major number.
  if (/^\d{1,2}[-\s](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*[-\s]\d{4}$/i.test(version.trim())) return null;
  const numbers = shownVersion(version)
    .replace(/^v/i, '')
    // consola's "3.0.0-1" (semver's pre-release of 3.0.0) and Debian's "15.0.0-1" (the first packaging of upstream 15.0.0)
    // are read by the three numbers they carry, not as a fourth number of the PVP.
    .replace(/^(\d+\.\d+\.\d+)-\d+$/, '$1')
    // HTTrack's "3.49-18": a revision after a dash is a number too; an "-rc.1" is not. pub.dev's "12.0.0+1" revises 12.0.0
    // as one does: a patch of it.
    .replace(/^(\d+(?:\.\d+)*)\+(\d+)$/, '$1-$2')
    .match(/^\d+(?:\.\d+)*(?:-\d+$)?/)?.[0]
    .split(/[.-]/);
  if (!numbers) return null;
  const [first = '', second, third = '0', fourth = '0'] = numbers;
  const pvp = numbers.length >= 4;
  // Under the PVP the first two numbers are the major: 0.20.3.0 is a minor that breaks nothing.
  const beforeOne = first === '0' && !pvp;
  if (second === undefined) return /^[1-9]\d?$/.test(first) ? { step: 'major', beforeOne } : null;
  const [major, minor, patch] = pvp ? [`${first}.${second}`, third, fourth] : [first, second, third];
  if (!/^0+$/.test(patch)) return { step: 'patch', beforeOne };
  return { step: /^0+$/.test(minor) && !/^[0.]+$/.test(major) ? 'major' : 'minor', beforeOne };
}

/** A version whose number lets it break things: a major, or a minor before 1.0. */
export function numberMayBreak(version: string): boolean {
  const step = versionStep(version);
  return step?.step === 'major' || (step?.step === 'minor' && step.beforeOne);
}
