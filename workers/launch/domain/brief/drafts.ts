import { measurePost, type Channel } from '../channels';
import { truncateWords } from './generate';
import type { Brief, Citation, Highlight, Sentence } from './types';
import type { Voice } from './voice';

/** A sentence of a post, with the brief sentence it came from and that sentence's citations. */
export interface DraftSentence {
  /** Where it sits in the brief: `headline`, `highlights.2`, `callToAction`… */
  path: string;
  /** As it reads in the post: the brief's sentence, cut at a word boundary when the channel is short. */
  text: string;
  citations: Citation[];
}

export interface ChannelDraft {
  channel: Channel;
  copy: string;
  sentences: DraftSentence[];
}

const LABELS: Record<Highlight['kind'], [plain: string, emoji: string]> = {
  breaking: ['Breaking:', '⚠️ Breaking:'],
  feature: ['New:', '✨ New:'],
  fix: ['Fixed:', '🐛 Fixed:'],
  performance: ['Performance:', '⚡ Performance:'],
  security: ['Security:', '🔒 Security:'],
  other: ['Changed:', '🔧 Changed:'],
};

/** How much of the brief each channel gets before its length limit is even considered. */
const SHAPES: Record<Channel, { summary: number; highlights: number; audience: boolean; longCta: boolean }> = {
  x: { summary: 0, highlights: 3, audience: false, longCta: false },
  bluesky: { summary: 0, highlights: 3, audience: false, longCta: false },
  threads: { summary: 1, highlights: 4, audience: false, longCta: true },
  mastodon: { summary: 1, highlights: 4, audience: false, longCta: true },
  linkedin: { summary: 2, highlights: 8, audience: true, longCta: true },
};

/**
 * One post per channel from a brief, within each channel's rule (measured exactly as the
 * campaign routes measure it). Highlights are added in the brief's order, breaking changes
 * first, while the post still fits; a highlight that cannot fit whole is cut at a word
 * boundary. Every sentence keeps the citations of the brief sentence it came from.
 */
export function draftPosts(brief: Brief, channels: readonly Channel[], voice: Voice): ChannelDraft[] {
  return channels.map((channel) => draftPost(brief, channel, voice));
}

function draftPost(brief: Brief, channel: Channel, voice: Voice): ChannelDraft {
  const shape = SHAPES[channel];
  const fits = (copy: string) => {
    const measured = measurePost(channel, copy);
    return measured.length <= measured.limit;
  };
  const cta: DraftSentence =
    shape.longCta || !brief.release.url
      ? own('callToAction', brief.callToAction)
      : { path: 'callToAction', text: brief.release.url, citations: brief.callToAction.citations };
  const head: DraftSentence[] = [own('headline', brief.headline)];
  const summary = brief.summary.slice(0, shape.summary).map((sentence, index) => own(`summary.${index}`, sentence));
  const audience = shape.audience ? brief.audience.map((sentence, index) => own(`audience.${index}`, sentence)) : [];
  const lines: Array<{ label: string; sentence: DraftSentence }> = [];

  const compose = (withSummary: DraftSentence[], withAudience: DraftSentence[]) =>
    [
      head.map((s) => s.text).join(' '),
      withSummary.map((s) => s.text).join(' '),
      lines.map(({ label, sentence }) => `${label} ${sentence.text}`).join('\n'),
      withAudience.map((s) => s.text).join(' '),
      cta.text,
    ]
      .filter(Boolean)
      .join('\n\n');

  // Optional parts go first when space runs short: audience, then summary; highlights stay.
  let keptSummary = summary;
  let keptAudience = audience;
  for (const [index, highlight] of brief.highlights.slice(0, shape.highlights).entries()) {
    const label = LABELS[highlight.kind][voice.emoji ? 1 : 0];
    const entry = { label, sentence: own(`highlights.${index}`, highlight) };
    lines.push(entry);
    if (fits(compose(keptSummary, keptAudience))) continue;
    if (keptAudience.length && fits(compose(keptSummary, []))) {
      keptAudience = [];
      continue;
    }
    if (keptSummary.length && fits(compose([], keptAudience))) {
      keptSummary = [];
      continue;
    }
    if (lines.length > 1) {
      lines.pop();
      break;
    }
    // The first highlight always shows, cut down until the post fits.
    keptSummary = [];
    keptAudience = [];
    for (let max = [...highlight.text].length - 1; max > 20 && !fits(compose([], [])); max -= 10) entry.sentence.text = truncateWords(highlight.text, max);
    if (!fits(compose([], []))) lines.pop();
    break;
  }
  const copy = compose(keptSummary, keptAudience);
  return { channel, copy, sentences: [...head, ...keptSummary, ...lines.map((line) => line.sentence), ...keptAudience, cta] };
}

function own(path: string, sentence: Sentence): DraftSentence {
  return { path, text: sentence.text, citations: sentence.citations };
}
