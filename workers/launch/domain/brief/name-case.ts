/**
 * How a product named only by its repository's lower-case slug is written in prose. A name that reads as a word ("consul",
 * "retrofit", "quilkin") is a brand, written with a capital; a name made of a command's or a protocol's parts ("direnv",
 * "libuv", "httpx", "pgcli") or of letters no one says as a word ("pnpm", "mgba") is written as its makers type it.
 */

/** Parts of a name that mark a command, a library or a format's tool, whose makers keep it in lower case. */
const TECHNICAL_PART =
  /http|lint|env|^lib|lib$|libc|kube|ctl|cli|vim|cpan|gnu|script|sql|db|^py|py$|js$|npm|pm$|ui$|fs$|api|sdk|^dev|conf|mq|xml|json|yaml|csv|pdf|ssl|tls|ssh|dns|tcp|ftp|gpio|^pg|k8s|ppx|tui|gui|cmd|util|fmt|fetch/;

/** Consonant runs of three that English words carry ("str" of "strong", "ndr" of "laundry"). */
const SPOKEN_CLUSTERS = new Set(['str', 'nst', 'ntr', 'mpl', 'rst', 'ndr', 'scr', 'spr', 'spl']);

/** Whether a lower-case name can be said as a word: a vowel, and no run of consonants English does not say. */
function readsAsWord(name: string): boolean {
  // A pair of letters for one sound ("ch", "sh", "ck") is one consonant.
  const sounds = name.replace(/ch|sh|th|ck|ph|wh|ng|gh|qu/g, 'C');
  if (!/[aeiouy]/.test(sounds)) return false;
  return (sounds.match(/[^aeiouy]{3,}/g) ?? []).every((run) => SPOKEN_CLUSTERS.has(run));
}

/** Whether a repository's slug of letters alone is a brand's name, to be written with a capital. */
export function isBrandSlug(slug: string, namedForOwner: boolean): boolean {
  if (!/^[a-z]{5,}$/.test(slug) || TECHNICAL_PART.test(slug)) return false;
  // An organisation named for its one repository ("mastodon/mastodon", "jaegertracing/jaeger") treats it as its brand.
  return namedForOwner || readsAsWord(slug);
}

/** The slug with a capital where it is a brand's name, else as it is. */
export function brandCase(slug: string, namedForOwner: boolean): string {
  return isBrandSlug(slug, namedForOwner) ? slug.charAt(0).toUpperCase() + slug.slice(1) : slug;
}
