/**
 * A version as people say it: a tag that carries the package's name (`tokio-1.16.0`,
 * `astro@4.3.0`, `@changesets/cli@3.0.0`, Go's `go1.24`) without the name, which the headline says already.
 */
export function shownVersion(version: string): string {
  // Linkerd's "edge-24.2.2" names its channel, not its package: the channel stays.
  if (CHANNEL_TAG.test(version)) return version;
  return version.replace(/^(?:@[\w.-]+\/)?[a-z][\w.-]*?[@-](?=v?\d+\.\d)|^(?!v\d)[a-z]{2,}(?=\d+\.\d)/i, '');
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
    /\d(?:[-.+_ ~]?(alpha|beta|rc|pre(?:view)?|canary|next|nightly|dev|milestone)|(a|b|rc)(?=\d)|[-.](M)(?=\d))[.\s-]?\d*$/i,
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
