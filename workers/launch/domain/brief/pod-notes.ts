/**
 * Perl's POD (a perldelta such as `pod/perl5363delta.pod`): `=head1` to `=head4` are headings, `=item` a list's entry,
 * `=over`/`=back`, `=encoding`, `=pod`, `=cut`, `=begin`/`=end`/`=for` instruct the formatter, and inline codes mark
 * words (`C<code>`, `B<bold>`, `I<italic>`, `F<file>`, `L<text|target>`, `E<gt>`). Read as Markdown line for line, so every
 * line keeps its number: the document's NAME section ("perl5363delta - what is new for perl v5.36.3") names the file,
 * not the release, and goes.
 */

const COMMAND = /^=(head[1-4]|item|over|back|encoding|pod|cut|begin|end|for)\b\s*(.*)$/;

/** Whether the notes are POD: at least one heading command and another command at the margin. */
function isPod(lines: string[]): boolean {
  let commands = 0;
  let headings = 0;
  for (const line of lines) {
    const command = line.startsWith('=') ? line.match(COMMAND) : null;
    if (!command) continue;
    commands += 1;
    if (command[1]!.startsWith('head')) headings += 1;
    if (headings > 0 && commands >= 2) return true;
  }
  return false;
}

const ESCAPES: Record<string, string> = { gt: '>', lt: '<', verbar: '|', sol: '/', quot: '"', amp: '&' };

/** One inline code as the Markdown it stands for; an unknown code stays as written. */
function codeAsMarkdown(whole: string, code: string, inside: string): string {
  if (code === 'C' || code === 'F') return `\`${inside}\``;
  if (code === 'B') return `**${inside}**`;
  if (code === 'I') return `*${inside}*`;
  if (code === 'S') return inside;
  if (code === 'X' || code === 'Z') return '';
  if (code === 'E') return ESCAPES[inside] ?? (/^\d+$/.test(inside) ? String.fromCodePoint(Number(inside)) : whole);
  if (code === 'L') {
    const [label, target] = inside.includes('|') ? (inside.split('|', 2) as [string, string]) : [inside, inside];
    return /^https?:\/\//.test(target) ? `[${label}](${target})` : label.replace(/^"|"$/g, '');
  }
  return whole;
}

/** POD's inline codes as Markdown: `C<< $x->{y} >>` holds angle brackets of its own; codes may nest (`B<C<x>>`), innermost first. */
export function podInline(text: string): string {
  let said = text.replace(/([A-Z])<<+\s(.+?)\s>>+/g, codeAsMarkdown);
  for (let previous = ''; previous !== said; ) {
    previous = said;
    said = said.replace(/([A-Z])<([^<>]*)>/g, codeAsMarkdown);
  }
  return said;
}

export function podAsMarkdown(lines: string[]): string[] {
  if (!isPod(lines)) return lines;
  let naming = false;
  // "=item *" alone: the paragraph after it is the entry.
  let entryNext = false;
  return lines.map((line) => {
    const command = line.match(COMMAND);
    if (command) {
      const [, name, rest] = command as unknown as [string, string, string];
      naming = name === 'head1' && /^NAME$/i.test(rest.trim());
      entryNext = name === 'item' && /^(?:\*|\d+\.?)?$/.test(rest.trim());
      if (naming || entryNext) return '';
      if (name.startsWith('head')) return `${'#'.repeat(Number(name.slice(4)))} ${podInline(rest.trim())}`;
      // "=item * Words", "=item 1. Words" and a definition's "=item name": each an entry of its list.
      return name === 'item' ? `- ${podInline(rest.replace(/^(?:\*|\d+\.?)\s+/, ''))}` : '';
    }
    // The NAME section's one line ("perl5363delta - what is new …") names the document.
    if (naming) return '';
    if (entryNext && line.trim() !== '') {
      entryNext = false;
      return `- ${podInline(line.trim())}`;
    }
    return podInline(line);
  });
}
