/**
 * containerd's release-tool file (`releases/v2.4.0-beta.toml`): settings for the tool (`commit`, `previous`,
 * `pre_release`, `ignore_deps`) and two multi-line strings, `preface` (the release's own words, Markdown) and `postface`
 * (which file to download). The tool writes the changes from the commits; the file holds only what people wrote. Read
 * line for line so every line keeps its number: the preface's lines stay, everything else goes.
 */

/** A key opening a multi-line basic string: `preface = """\`. */
const OPENS = /^([A-Za-z_][\w-]*)\s*=\s*"""\\?\s*$/;
const SETTING = /^[A-Za-z_][\w-]*\s*=\s*\S/;

/** Whether the notes are a release-tool TOML file: settings at the margin and a `preface` multi-line string. */
function isReleaseToolToml(lines: string[]): boolean {
  const preface = lines.findIndex((line) => OPENS.test(line) && line.match(OPENS)![1] === 'preface');
  return preface >= 0 && lines.filter((line) => SETTING.test(line)).length >= 3;
}

export function releaseToolTomlAsMarkdown(lines: string[]): string[] {
  if (!isReleaseToolToml(lines)) return lines;
  let open: string | null = null;
  return lines.map((line) => {
    if (open !== null) {
      if (/^\s*"""\s*$/.test(line) || line.trimEnd().endsWith('"""')) {
        const last = open === 'preface' ? line.replace(/"""\s*$/, '') : '';
        open = null;
        return last;
      }
      return open === 'preface' ? line : '';
    }
    const opening = line.match(OPENS);
    if (opening) open = opening[1]!;
    return '';
  });
}
