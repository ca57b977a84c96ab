/**
 * A light English stemmer for the grounding checker: it only has to map the forms a writer uses
 * ("fixes", "fixed", "fixing", "adds", "improvements", "dependencies") onto the form the notes use
 * ("fix", "add", "improve", "dependency"). Both sides go through it, so a stem only has to be the
 * same for a word's forms, not a real root; a collision (`use`/`user` never collide, `red` stays)
 * only makes the check more lenient, never refuses a true sentence.
 */
const VOWEL = /[aeiouy]/;

/**
 * Stems already found: a brief stems the same few thousand words over and over (every cited
 * range, every sentence tried). A word's stem depends on the word alone, so one table serves
 * every notes; it is emptied when it grows past a bound, to stay small in a long-lived isolate.
 */
const known = new Map<string, string>();
const KNOWN_MAX = 20_000;

export function stem(word: string): string {
  let found = known.get(word);
  if (found === undefined) {
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(word, (found = stemOf(word)));
  }
  return found;
}

function stemOf(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (!/^[a-z]+$/.test(w)) return w;
  // "Make …" told as done: the one irregular past a commit title's verb takes.
  if (w === 'made') return 'mak';
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') || w.endsWith('ied')) w = `${w.slice(0, -3)}y`;
  else if (/(?:x|ch|sh|z)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^su]s$/.test(w) && !w.endsWith('is')) w = w.slice(0, -1);
  if (w.endsWith('ing') && VOWEL.test(w.slice(0, -3)) && w.length >= 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && VOWEL.test(w.slice(0, -2))) w = w.slice(0, -2);
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('ment') && w.length > 7) w = w.slice(0, -4);
  if (w.endsWith('e') && w.length > 2) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  // "running"/"run", "added"/"add": a final double consonant is one, except the ones English keeps.
  if (/([^aeioulsz])\1$/.test(w)) w = w.slice(0, -1);
  // MDN's "### Additions" over what "Added …" tells: the noun of the verb.
  if (w === 'addition') return 'ad';
  // SpotBugs' "### Removed" over the methods a count calls "removals and deprecations": the nouns of the verbs.
  if (w === 'removal') return 'remov';
  if (w === 'deprecation') return 'deprecat';
  return w;
}
