import type { Brief, Citation, Highlight, Sentence } from './types';

const KIND_LABELS: Record<Highlight['kind'], string> = {
  breaking: 'Breaking',
  feature: 'New',
  fix: 'Fixed',
  performance: 'Performance',
  security: 'Security',
  other: 'Changed',
};

/**
 * The brief as Markdown: each sentence followed by footnote markers, one footnote per distinct
 * citation (the release notes' line range with the quoted lines and their links, or the release
 * or profile field), numbered in reading order.
 */
export function renderBriefMarkdown(brief: Brief): string {
  const notes: string[] = [];
  const keys = new Map<string, number>();
  const mark = (sentence: Sentence) =>
    sentence.citations
      .map((citation) => {
        const key = JSON.stringify(citation);
        let number = keys.get(key);
        if (number === undefined) {
          number = keys.size + 1;
          keys.set(key, number);
          notes.push(`[^${number}]: ${footnote(citation)}`);
        }
        return `[^${number}]`;
      })
      .join('');
  const line = (sentence: Sentence) => `${escapeInline(sentence.text)}${mark(sentence)}`;

  const parts = [`# ${line(brief.headline)}`, ''];
  if (brief.summary.length) parts.push(brief.summary.map(line).join(' '), '');
  if (brief.highlights.length) {
    parts.push('## Highlights', '');
    for (const highlight of brief.highlights) parts.push(`- **${KIND_LABELS[highlight.kind]}:** ${line(highlight)}`);
    parts.push('');
  }
  if (brief.audience.length) parts.push('## Who it matters to', '', brief.audience.map(line).join(' '), '');
  parts.push('## Read more', '', line(brief.callToAction), '', ...notes, '');
  return parts.join('\n');
}

function footnote(citation: Citation): string {
  if (citation.source === 'release') return `Release ${citation.field}: ${quote(citation.value)}`;
  if (citation.source === 'profile') return `Product profile, ${citation.field}: ${quote(citation.value)}`;
  const { start, end } = citation.lines;
  const range = start === end ? `line ${start}` : `lines ${start}–${end}`;
  const links = citation.refs.map((ref) => (ref.url ? `[${ref.label}](${ref.url})` : ref.label));
  const excerpt = citation.excerpt.split('\n')[0]!.trim();
  return `Release notes, ${range}: ${quote(excerpt.length > 160 ? `${excerpt.slice(0, 159)}…` : excerpt)}${links.length ? ` — ${links.join(', ')}` : ''}`;
}

function quote(text: string): string {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${ticks === '``' ? ' ' : ''}${text}${ticks === '``' ? ' ' : ''}${ticks}`;
}

/**
 * Sentences are plain text; characters Markdown would read as markup are escaped, underscores
 * too (`__proto__` would turn bold) except inside URLs, where an escape would break the link.
 */
function escapeInline(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (word.includes('://') ? word : word.replace(/([\\`*_[\]<>])/g, '\\$1')))
    .join('');
}
