import { colord } from 'colord';

/**
 * Brand colours of a product site as `#rrggbb`: the theme colour it declares, the colours its CSS
 * names as brand, primary or accent custom properties, and the dominant colours of its logo.
 * Pure: strings and pixels in, colours out.
 */

/**
 * A CSS colour in hex, `rgb()`/`rgba()` or `hsl()`/`hsla()` notation (either syntax) as `#rrggbb`,
 * alpha dropped; else null. Keywords (`red`, `transparent`, `inherit`) are not read.
 */
export function parseCssColour(raw: string): string | null {
  const colour = colord(
    raw
      .trim()
      .toLowerCase()
      .replace(/\s*!important$/, ''),
  );
  return colour.isValid() ? colour.alpha(1).toHex() : null;
}

const BRAND_WORDS = ['brand', 'primary', 'accent', 'theme', 'main', 'highlight', 'secondary'];

/**
 * Custom properties whose name says brand, primary, accent, … and whose value is a colour, in the
 * order they appear, by how brand-like the name is. CSS is read as declarations (comments dropped,
 * split at `{`, `}` and `;`), which is all a custom property needs.
 */
export function brandColoursFromCss(css: string): string[] {
  const found: Array<{ colour: string; rank: number; order: number }> = [];
  const values = new Map<string, string>();
  const text = stripComments(css);
  let order = 0;
  for (const declaration of text.split(/[{};]/)) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    if (!name.startsWith('--')) continue;
    const value = declaration.slice(colon + 1).trim();
    values.set(name, value);
    const rank = BRAND_WORDS.findIndex((word) => name.includes(word));
    if (rank < 0 || /(text|fg|foreground|background|bg|border|shadow|muted|light|dark|hover|focus)/.test(name.slice(2).replace(BRAND_WORDS[rank]!, '')))
      continue;
    const colour = parseCssColour(resolveVar(value, values));
    if (colour) found.push({ colour, rank, order: order++ });
  }
  return unique(found.sort((a, b) => a.rank - b.rank || a.order - b.order).map((entry) => entry.colour));
}

/** `var(--x)` one level deep, as design tokens alias one another. */
function resolveVar(value: string, values: Map<string, string>): string {
  if (!value.startsWith('var(') || !value.endsWith(')')) return value;
  const name = value.slice(4, -1).split(',')[0]!.trim().toLowerCase();
  return values.get(name) ?? value;
}

function stripComments(css: string): string {
  let out = '';
  let position = 0;
  while (position < css.length) {
    const start = css.indexOf('/*', position);
    if (start < 0) return out + css.slice(position);
    out += css.slice(position, start);
    const end = css.indexOf('*/', start + 2);
    if (end < 0) return out;
    position = end + 2;
  }
  return out;
}

/**
 * The dominant colours of a logo: opaque pixels bucketed by 4 bits per channel, whites, blacks
 * and greys (the background and the outline) left out unless nothing else remains; each bucket
 * reported as its average colour, most pixels first.
 */
export function dominantColours(pixels: { data: Uint8ClampedArray | Uint8Array; width: number; height: number }, count = 3): string[] {
  const buckets = new Map<number, { n: number; r: number; g: number; b: number; grey: boolean }>();
  const step = Math.max(1, Math.floor((pixels.width * pixels.height) / 40_000));
  for (let i = 0; i < pixels.width * pixels.height; i += step) {
    const offset = i * 4;
    const [r, g, b, a] = [pixels.data[offset]!, pixels.data[offset + 1]!, pixels.data[offset + 2]!, pixels.data[offset + 3]!];
    if (a < 128) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { n: 0, r: 0, g: 0, b: 0, grey: Math.max(r, g, b) - Math.min(r, g, b) < 24 };
    bucket.n++;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    buckets.set(key, bucket);
  }
  const all = [...buckets.values()].sort((x, y) => y.n - x.n);
  const coloured = all.filter((bucket) => !bucket.grey);
  const chosen = (coloured.length > 0 ? coloured : all).slice(0, count);
  return unique(chosen.map((bucket) => toHex([bucket.r / bucket.n, bucket.g / bucket.n, bucket.b / bucket.n])));
}

export function unique(colours: string[]): string[] {
  return [...new Set(colours)];
}

function toHex(channels: readonly [number, number, number] | number[]): string {
  return `#${channels
    .slice(0, 3)
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
