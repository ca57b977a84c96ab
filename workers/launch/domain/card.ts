import { sha256Hex } from '../../../shared/crypto';
import { shorterForms } from './brief/drafts';
import { isGenericTitle, releasePhrase } from './brief/generate';
import { escapeRegExp } from './brief/regexp';
import { shownVersion } from './brief/version';
import type { Brief } from './brief/types';
import type { Channel } from './channels';
import type { ProductProfile } from './product-profile';

/**
 * The launch card of a post: an image of the release (product, title, version, top highlights)
 * in the product's logo and colours, at the size its channel shows without cropping. Pure: what
 * goes on the card, at which size, and the key that names one rendering of it.
 */

/** Bumped whenever the template's look changes, so cached cards of the old look are not reused. */
export const CARD_TEMPLATE_VERSION = 'card/2';

export const cardFormats = ['png', 'webp'] as const;
export type CardFormat = (typeof cardFormats)[number];

export interface CardSize {
  width: number;
  height: number;
}

/**
 * Card size per channel, in CSS pixels rendered at 1×. X and Bluesky show a single image at 16:9
 * uncropped (1200×675); Mastodon crops previews to 16:9 as well; LinkedIn's shared-image size is
 * 1.91:1 (1200×627); Threads shows square images (1080×1080, the size Instagram uses too).
 */
export const cardSizes: Record<Channel, CardSize> = {
  x: { width: 1200, height: 675 },
  linkedin: { width: 1200, height: 627 },
  bluesky: { width: 1200, height: 675 },
  mastodon: { width: 1200, height: 675 },
  threads: { width: 1080, height: 1080 },
};

/** Items shown on a card: the brief's three most significant, in plain words. */
export const CARD_HIGHLIGHTS = 3;
/** A highlight longer than this is cut at a word boundary: a card is read at a glance. */
export const CARD_HIGHLIGHT_CHARS = 120;

const DEFAULT_COLOURS = { background: '#0f172a', accent: '#38bdf8' } as const;
const HEX_COLOUR = /^#[0-9a-f]{6}$/;

export interface CardColours {
  background: string;
  /** Text on the background. */
  text: string;
  accent: string;
  /** Text on the accent (the highlight labels). */
  onAccent: string;
}

/** Everything a card shows: the cache key is its hash, so nothing else may change the image. */
export interface CardInputs {
  product: string | null;
  title: string;
  version: string;
  /** What kind of release it is ("A security release"), null when the brief does not say. */
  releaseKind: string | null;
  highlights: Array<{ text: string }>;
  colours: CardColours;
  /** Where to read more, short (no scheme): the repository or the release page's site, else the product's site; null without either. */
  link: string | null;
  /** The product profile's logo, fetched through the SSRF guard when rendered; null without one. */
  logoUrl: string | null;
}

export function cardInputs(brief: Brief, profile: ProductProfile | null): CardInputs {
  const brand = (profile?.brandColors ?? []).map((colour) => colour.toLowerCase()).filter((colour) => HEX_COLOUR.test(colour));
  const background = brand[0] ?? DEFAULT_COLOURS.background;
  const accent =
    brand.find((colour) => colour !== background && contrastRatio(colour, background) >= 1.5) ?? (brand[0] ? textOn(background) : DEFAULT_COLOURS.accent);
  return {
    product: brief.product.name,
    title: cardTitle(brief),
    version: brief.product.name ? shownVersion(brief.release.version) : brief.release.version,
    releaseKind: kindLine(brief),
    highlights: brief.highlights.slice(0, CARD_HIGHLIGHTS).map((highlight) => ({ text: glance(highlight.text, CARD_HIGHLIGHT_CHARS) })),
    colours: { background, text: textOn(background), accent, onAccent: textOn(accent) },
    link: shownLink(brief.release.url ?? profile?.siteUrl ?? null),
    logoUrl: profile?.logoUrl ?? null,
  };
}

/**
 * The card's big line: the title as people wrote it ("Acme 2.0", "Denial of Service and Source Code Exposure in React
 * Server Components"), unless it heads a file ("cinnamon (6.7.5) alfa; urgency=medium", "* Noteworthy changes in release
 * 9.11 [stable]", "Release 4.7.2", "Change Log") or is a bare tag ("rel_2_0_52"): then the name and version say it.
 */
function cardTitle(brief: Brief): string {
  const name = brief.product.name;
  const title = shownTitle(brief.release.title);
  if (!name) return title || brief.release.version;
  const named = new RegExp(escapeRegExp(name), 'i');
  const numbers = title.match(/(?<![\w.])v?\d+(?:\.\d+)+\w*/gi) ?? [];
  const rest = numbers.reduce((text, number) => text.replace(number, ' '), title.replace(named, ' '));
  // "Acme 2.0" is the name and version as people wrote them; "[v0.107.78]" or "4.4.1 /" only the tag.
  if (!/[\p{L}\d]/u.test(rest)) return named.test(title) ? title : `${name} ${shownVersion(brief.release.version)}`;
  const headsFile = numbers.length > 0 || !/\s/.test(title) || isGenericTitle(title);
  return headsFile ? `${name} ${shownVersion(brief.release.version)}` : title;
}

/** A title as a card prints it: a release manager's handle and a date ("2025-01-07, Version 22.13.0 'Jod' (LTS), @someone") are not for readers. */
function shownTitle(title: string): string {
  return title
    .replace(/(^|[\s,])@[\w-]+(?![\w/-])/g, '$1')
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, '')
    .replace(/\(\s*\)/g, '')
    .replace(/^[\s,;:–—-]+|[\s,;:–—-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

const SECURITY_TOO = / (?:and|with) (?:a security fix|security fixes)(?=[.!]$)/;

function kindLine(brief: Brief): string | null {
  // A breaking or feature release that also fixes advisories says both, as its headline does.
  const securityToo = brief.releaseKind === 'breaking' || brief.releaseKind === 'feature' ? (brief.headline.text.match(SECURITY_TOO)?.[0] ?? '') : '';
  const oneFix = / with a fix[.!]$/.test(brief.headline.text);
  const saysMajor = brief.headline.text.includes('a major release');
  const phrase = brief.releaseKind ? `${releasePhrase(brief.releaseKind, shownVersion(brief.release.version), oneFix, saysMajor)}${securityToo}` : '';
  return phrase ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : null;
}

/** What readers of the post get instead of the image, in one or two sentences: what the card is of, and what it leads with. */
export function cardAltText(inputs: CardInputs): string {
  const name = inputs.product ?? inputs.title;
  const named = name.toLowerCase().includes(inputs.version.toLowerCase().replace(/^v(?=\d)/, '')) ? name : `${name} ${inputs.version}`;
  const kind = inputs.releaseKind ? `, ${inputs.releaseKind.charAt(0).toLowerCase()}${inputs.releaseKind.slice(1)}` : '';
  const lead = inputs.highlights[0]?.text;
  // A change cut short keeps its ellipsis, so the quote does not pass for the whole of it.
  const first = lead && atClause(glance(lead, ALT_LEAD_CHARS)).replace(/\.+$/, '');
  // Quoted, the change keeps its own first capital ("Drop Node 18") inside our sentence.
  const count = inputs.highlights.length;
  const lists = count === 1 ? `It lists one change: “${first}”.` : `It lists ${count} changes, led by “${first}”.`;
  return clip(`Launch card for ${named}${kind}.${first ? ` ${lists}` : ''}`, 300);
}

/** The name of one rendering: template version, inputs, size and format. Equal keys, equal images. */
export function cardKey(inputs: CardInputs, size: CardSize, format: CardFormat): Promise<string> {
  return sha256Hex(JSON.stringify([CARD_TEMPLATE_VERSION, inputs, size.width, size.height, format]));
}

/**
 * A short web address as a card prints it, without its scheme: a GitHub repository's page for
 * anything under it (never a commit or blob path cut with an ellipsis), an address up to 40
 * characters whole, else its host. Anything but a web address is not printed.
 */
function shownLink(url: string | null): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  const github = url.match(/^https?:\/\/github\.com\/([\w.-]+\/[\w.-]+)/i);
  if (github) return `github.com/${github[1]}`;
  const bare = url
    .replace(/^https?:\/\//i, '')
    .replace(/[?#].*$/, '')
    .replace(/\/$/, '');
  return bare.length <= 40 ? bare : bare.replace(/\/.*$/, '');
}

/** The alt text names what the card leads with, not the whole of it. */
const ALT_LEAD_CHARS = CARD_HIGHLIGHT_CHARS;

/** A cut change read aloud ends where one of its clauses does, not mid-phrase ("… may cause an integer overflow"). */
function atClause(text: string): string {
  if (!text.endsWith('…')) return text;
  const comma = text.lastIndexOf(', ');
  if (comma >= 40) return text.slice(0, comma);
  // "… when enabling Local Network Sharing and…": a cut after a word that leads to more ends before it.
  return text.replace(/(?:\s+(?:and|or|but|the|a|an|to|of|in|on|for|with|when|where|which|that|by|from|as|at))+…$/i, '…');
}

/** A change said in its own fewer words when it is too long for a glance (its label, its main clause); cut only when none fits. */
function glance(text: string, max: number): string {
  if ([...text].length <= max) return text;
  // "PDF Output." of "PDF Output: Fix a regression …" names where, not what: the change cut short says more.
  const bareLabel = (form: string) => text.startsWith(`${form.replace(/\.$/, '')}:`) && form.split(/\s+/).length <= 2;
  return shorterForms(text).find((form) => [...form].length <= max && !bareLabel(form)) ?? clip(text, max);
}

function clip(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** Near-black or white, whichever reads better on the colour (WCAG contrast). */
function textOn(colour: string): string {
  return contrastRatio('#ffffff', colour) >= contrastRatio('#0b1020', colour) ? '#ffffff' : '#0b1020';
}

/** WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function luminance(colour: string): number {
  const [r, g, b] = [1, 3, 5].map((offset) => {
    const channel = Number.parseInt(colour.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
