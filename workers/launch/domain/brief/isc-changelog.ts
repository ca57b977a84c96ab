/**
 * ISC's ChangeLogs (Kea's and BIND's): numbered entries, each led by its category and its authors on one line
 * ("2391.\t[bug]\t\tfdupont"), its words indented by a tab on the lines below, an asterisk after the category marking a
 * change that is not backward compatible ("[func]*"). Read as Markdown line for line, so every line keeps its number:
 * `- [fix]` over the words indented as its own, the authors left out.
 */
/** An entry's number and category, as the line that opens it starts. */
const ENTRY_START = String.raw`^\d{3,5}\.\t+\[`;
const ENTRY = new RegExp(String.raw`${ENTRY_START}([a-z]+)\](\*?)(?:\s.*)?$`);
/**
 * What an entry's own lines say of its kind, for the checker reading them raw: "[sec]" a security fix, an asterisk after
 * the category a break. Multi-line sources, to be read with the `m` flag.
 */
export const ISC_SECURITY_ENTRY = String.raw`${ENTRY_START}sec(?:urity)?\]`;
export const ISC_BREAKING_ENTRY = String.raw`${ENTRY_START}[a-z]+\]\*`;
const INDENTED = /^(?:\t| {8})\s*(\S.*)$/;

/** What each category is, as a bracket tag the parser reads; placeholders hold no change. */
const CATEGORY_TAG: Record<string, string | null> = {
  bug: 'fix',
  func: 'feature',
  experimental: 'feature',
  sec: 'security',
  security: 'security',
  perf: 'perf',
  doc: 'docs',
  build: 'build',
  test: 'test',
  cleanup: 'refactor',
  placeholder: null,
};

/** Whether the notes are ISC entries: three or more of them. */
function isIscChangeLog(lines: string[]): boolean {
  let count = 0;
  for (const line of lines) if (ENTRY.test(line) && ++count >= 3) return true;
  return false;
}

export function iscChangeLogAsMarkdown(lines: string[]): string[] {
  if (!isIscChangeLog(lines)) return lines;
  let inEntry = false;
  return lines.map((line) => {
    const entry = line.match(ENTRY);
    if (entry) {
      const [, category, incompatible] = entry;
      const tag = category! in CATEGORY_TAG ? CATEGORY_TAG[category!] : 'other';
      inEntry = tag !== null;
      if (tag === null) return '';
      // An entry that breaks compatibility is breaking, unless it is a security fix, which leads as one.
      return `- [${incompatible && tag !== 'security' ? 'breaking' : tag}]`;
    }
    const words = line.match(INDENTED);
    // "(Gitlab #4058)": the tracker's name said in words before its number, which is the reference.
    if (words && inEntry) return `  ${words[1]!.replace(/\((?:GitLab|GitHub)\s+(#\d+(?:,\s*#\d+)*)\)/gi, '($1)')}`;
    if (line.trim() === '') inEntry = false;
    return line;
  });
}
