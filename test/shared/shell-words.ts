/**
 * The part of the shell the docs' curl examples are written in, read into commands: words made of
 * literal text, `$NAME` and `$(…)` pieces, commands joined by `|`, statements ended by `;` or a
 * line's end. Anything else (`&&`, `&`, redirections, back-ticks) is refused with its position, so
 * an example that cannot be run says so instead of passing untested. See docs/writing-docs.md.
 */

export type Piece = { kind: 'text'; text: string } | { kind: 'var'; name: string } | { kind: 'sub'; script: string };
export type Word = Piece[];
/** A statement: commands joined by pipes, each a list of words. */
export type Statement = Word[][];

export class ShellSyntaxError extends Error {}

export function parseScript(source: string): Statement[] {
  const text = source.replace(/\\\r?\n/g, ' ');
  const statements: Statement[] = [];
  let commands: Word[][] = [];
  let words: Word[] = [];
  let word: Word | null = null;
  const endWord = () => {
    if (word) words.push(word);
    word = null;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    else if (commands.length > 0) throw new ShellSyntaxError('A pipe leads nowhere.');
    words = [];
  };
  const endStatement = () => {
    endCommand();
    if (commands.length > 0) statements.push(commands);
    commands = [];
  };
  const add = (piece: Piece) => {
    word ??= [];
    const last = word.at(-1);
    if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
    else word.push(piece);
  };

  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === ' ' || char === '\t') {
      endWord();
      i += 1;
    } else if (char === '\n' || char === ';') {
      endStatement();
      i += 1;
    } else if (char === '|' && text[i + 1] !== '|') {
      endCommand();
      i += 1;
    } else if (char === '#' && word === null) {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new ShellSyntaxError(`Unclosed ' at ${i}.`);
      add({ kind: 'text', text: text.slice(i + 1, end) });
      i = end + 1;
    } else if (char === '"') {
      i = readDoubleQuoted(text, i + 1, add);
    } else if (char === '$') {
      i = readDollar(text, i, add);
    } else if (char === '\\') {
      add({ kind: 'text', text: text[i + 1] ?? '' });
      i += 2;
    } else if ('&<>`|'.includes(char)) {
      throw new ShellSyntaxError(`"${char}" at ${i} is not supported in a tested example.`);
    } else {
      add({ kind: 'text', text: char });
      i += 1;
    }
  }
  endStatement();
  return statements;
}

function readDoubleQuoted(text: string, start: number, add: (piece: Piece) => void): number {
  let i = start;
  // An empty "" is still a word.
  add({ kind: 'text', text: '' });
  while (i < text.length) {
    const char = text[i]!;
    if (char === '"') return i + 1;
    if (char === '\\' && '"\\$`'.includes(text[i + 1] ?? '')) {
      add({ kind: 'text', text: text[i + 1]! });
      i += 2;
    } else if (char === '$') {
      i = readDollar(text, i, add);
    } else if (char === '`') {
      throw new ShellSyntaxError(`Back-ticks at ${i} are not supported; use $(…).`);
    } else {
      add({ kind: 'text', text: char });
      i += 1;
    }
  }
  throw new ShellSyntaxError(`Unclosed " at ${start - 1}.`);
}

function readDollar(text: string, start: number, add: (piece: Piece) => void): number {
  const next = text[start + 1];
  if (next === '(') {
    const end = closingParen(text, start + 2);
    add({ kind: 'sub', script: text.slice(start + 2, end) });
    return end + 1;
  }
  const braced = next === '{' ? /^\$\{([A-Za-z_]\w*)\}/.exec(text.slice(start)) : null;
  const bare = /^\$([A-Za-z_]\w*)/.exec(text.slice(start));
  const match = braced ?? bare;
  if (!match) throw new ShellSyntaxError(`"$" at ${start} starts nothing supported.`);
  add({ kind: 'var', name: match[1]! });
  return start + match[0].length;
}

/** Where the `)` closing a `$(` is, skipping quoted text and nested parentheses. */
function closingParen(text: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'") i = text.indexOf("'", i + 1);
    else if (char === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return i;
    if (i < 0) break;
    i += 1;
  }
  throw new ShellSyntaxError(`Unclosed $( at ${start - 2}.`);
}
