/**
 * A version as people say it: a tag that carries the package's name (`tokio-1.16.0`,
 * `astro@4.3.0`, `@changesets/cli@3.0.0`) without the name, which the headline says already.
 */
export function shownVersion(version: string): string {
  return version.replace(/^(?:@[\w.-]+\/)?[a-z][\w.-]*?[@-](?=v?\d+\.\d)/i, '');
}
