import { decodeHTML, decodeHTMLAttribute } from 'entities';

/**
 * An HTML document or fragment as a flat run of blocks (headings, paragraphs, list items, code),
 * read with the runtime's streaming parser (HTMLRewriter): changelog pages are split into
 * entries by their headings, and feed items' HTML becomes release notes in Markdown.
 */
export type HtmlBlock =
  | { type: 'heading'; level: number; text: string; id: string | null; href: string | null; datetime: string | null }
  | { type: 'paragraph' | 'item' | 'code' | 'quote'; text: string }
  | { type: 'time'; datetime: string };

type Context =
  | { kind: 'heading'; level: number; id: string | null; href: string | null; datetime: string | null }
  | { kind: 'paragraph' | 'item' | 'code' | 'quote' };

const HIDDEN = 'script, style, noscript, template, svg, nav, footer, iframe, form, button';
const BLOCKS = 'h1, h2, h3, h4, h5, h6, p, li, pre, blockquote, dt, dd, td, th, div, section, article, header, main';

export async function htmlBlocks(html: string): Promise<HtmlBlock[]> {
  const blocks: HtmlBlock[] = [];
  const stack: Context[] = [{ kind: 'paragraph' }];
  let buffer = '';
  let hidden = 0;
  let inPre = 0;

  const top = () => stack[stack.length - 1]!;
  const flush = () => {
    const context = top();
    const text = context.kind === 'code' ? buffer.replace(/^\n+|\s+$/g, '') : decodeWhitespace(buffer);
    buffer = '';
    if (!text) return;
    if (context.kind === 'heading') {
      blocks.push({ type: 'heading', level: context.level, text, id: context.id, href: context.href, datetime: context.datetime });
    } else {
      blocks.push({ type: context.kind, text });
    }
  };
  const open = (context: Context) => {
    flush();
    stack.push(context);
  };
  const close = () => {
    flush();
    if (stack.length > 1) stack.pop();
  };

  const rewriter = new HTMLRewriter()
    .on(HIDDEN, {
      element(element) {
        if (onEnd(element, () => hidden--)) hidden++;
      },
    })
    .on(BLOCKS, {
      element(element) {
        if (hidden > 0) return;
        const tag = element.tagName.toLowerCase();
        const heading = tag.match(/^h([1-6])$/);
        if (heading) {
          open({ kind: 'heading', level: Number(heading[1]), id: attribute(element, 'id'), href: null, datetime: null });
        } else if (tag === 'li' || tag === 'dt' || tag === 'dd') {
          open({ kind: 'item' });
        } else if (tag === 'pre') {
          open({ kind: 'code' });
          inPre++;
        } else if (tag === 'blockquote') {
          open({ kind: 'quote' });
        } else {
          // Containers and paragraphs end the text before them; their own text is a paragraph.
          const inherited = top();
          open(inherited.kind === 'heading' || inherited.kind === 'item' || inherited.kind === 'quote' ? inherited : { kind: 'paragraph' });
        }
        onEnd(element, () => {
          if (tag === 'pre') inPre--;
          close();
        });
      },
    })
    .on('a[href]', {
      element(element) {
        if (hidden > 0) return;
        const context = top();
        const href = attribute(element, 'href');
        if (context.kind === 'heading') {
          context.href ??= href;
          context.id ??= attribute(element, 'id') ?? attribute(element, 'name');
          return;
        }
        if (context.kind === 'code' || !href || href.startsWith('#')) return;
        if (onEnd(element, () => (buffer += `](${href})`))) buffer += '[';
      },
    })
    .on('time[datetime]', {
      element(element) {
        if (hidden > 0) return;
        const datetime = attribute(element, 'datetime');
        if (!datetime) return;
        const context = top();
        if (context.kind === 'heading') {
          context.datetime ??= datetime;
          return;
        }
        // A <time> that starts its block is a date label ("2 days ago"), not part of the notes;
        // one inside a sentence keeps its words.
        const label = decodeWhitespace(buffer) === '';
        blocks.push({ type: 'time', datetime });
        if (label && onEnd(element, () => (buffer = ''))) buffer = '';
      },
    })
    .on('br', {
      element() {
        if (hidden === 0) buffer += '\n';
      },
    })
    .on('code', {
      element(element) {
        if (hidden > 0 || inPre > 0) return;
        if (onEnd(element, () => (buffer += '`'))) buffer += '`';
      },
    })
    .onDocument({
      text(chunk) {
        if (hidden === 0) buffer += inPre > 0 ? decodeHTML(chunk.text) : chunk.text;
      },
    });
  await rewriter.transform(new Response(html)).arrayBuffer();
  flush();
  return blocks;
}

/** Runs `then` at the element's end tag; false for an element that has none (`<p/>` in XHTML-style markup). */
function onEnd(element: Element, then: () => unknown): boolean {
  try {
    element.onEndTag(() => {
      then();
    });
    return true;
  } catch {
    return false;
  }
}

function attribute(element: Element, name: string): string | null {
  const value = element.getAttribute(name);
  return value === null ? null : decodeHTMLAttribute(value).trim() || null;
}

/** Character references decoded, runs of whitespace (HTML's own) collapsed; `<br>` line breaks kept. */
function decodeWhitespace(raw: string): string {
  return decodeHTML(raw)
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Blocks as Markdown: headings with `#`, list items with `-`, code fenced, quotes with `>`. */
export function blocksToMarkdown(blocks: readonly HtmlBlock[], headingOffset = 0): string {
  const parts: string[] = [];
  let previous: HtmlBlock['type'] | null = null;
  for (const block of blocks) {
    if (block.type === 'time') continue;
    const separator = previous === 'item' && block.type === 'item' ? '\n' : '\n\n';
    const text =
      block.type === 'heading'
        ? `${'#'.repeat(Math.min(6, Math.max(1, block.level - headingOffset)))} ${block.text}`
        : block.type === 'item'
          ? `- ${block.text.replace(/\n/g, '\n  ')}`
          : block.type === 'code'
            ? `\`\`\`\n${block.text}\n\`\`\``
            : block.type === 'quote'
              ? block.text
                  .split('\n')
                  .map((line) => `> ${line}`)
                  .join('\n')
              : block.text;
    parts.push(parts.length === 0 ? text : `${separator}${text}`);
    previous = block.type;
  }
  return parts.join('');
}
