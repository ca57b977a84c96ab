import { brandColoursFromCss, dominantColours, parseCssColour, unique } from '../domain/brand-colours';
import { readImageHeader } from '../domain/image-format';
import { logoCandidates, type ReadPage } from '../domain/profile-from-site';
import { isSameSite, normalizePageUrl } from '../domain/site-links';
import { svgColours } from '../domain/svg-colours';
import { budgetSpent, CRAWL_LIMITS, type CrawlState, cutShort, decision, record } from './crawl-state';
import { follow, readBody } from './hop';

/**
 * The home page's brand colours, each source at most once and within the run's budgets: its
 * declared theme colour, the brand custom properties of its CSS, and its logo's dominant colours.
 */
export async function brandColours(state: CrawlState, home: ReadPage): Promise<{ logoUrl: string | null; brandColors: string[] }> {
  const cssColours = await stylesheetColours(state, home);
  const logo = await logoColours(state, home);
  const themeColour = parseCssColour(home.page.meta['theme-color'] ?? '');
  return { logoUrl: logo.url, brandColors: unique([...(themeColour ? [themeColour] : []), ...cssColours, ...logo.colours]) };
}

/** Brand custom properties of the page's inline CSS and its first stylesheets. */
async function stylesheetColours(state: CrawlState, page: ReadPage): Promise<string[]> {
  let css = page.page.inlineCss;
  for (const href of page.page.stylesheets.slice(0, CRAWL_LIMITS.stylesheets)) {
    const url = normalizePageUrl(href, page.url);
    if (!url || budgetSpent(state)) break;
    const hop = await follow(state, url, { robots: isSameSite(url, state.site), sameSite: false, accept: 'text/css,*/*;q=0.1' });
    if (!hop.ok) {
      await record(state, decision('stylesheet', url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, 1), 0);
      continue;
    }
    const body = await readBody(state, hop.response.body, Math.min(CRAWL_LIMITS.stylesheetBytes, CRAWL_LIMITS.runBytes - state.bytesRead));
    await record(
      state,
      { ...decision('stylesheet', hop.finalUrl.href, 'visited', null, null, hop.response.status, body.bytes.length, 1), truncated: cutShort(body) },
      0,
    );
    css += `\n${new TextDecoder().decode(body.bytes)}`;
  }
  return brandColoursFromCss(css);
}

/** The logo's URL and dominant colours: the first candidate that is an image we can read. */
async function logoColours(state: CrawlState, page: ReadPage): Promise<{ url: string | null; colours: string[] }> {
  const candidates = logoCandidates(page.page, page.url);
  for (const candidate of candidates.slice(0, 3)) {
    const url = new URL(candidate);
    if (budgetSpent(state)) break;
    const hop = await follow(state, url, {
      robots: isSameSite(url, state.site),
      sameSite: false,
      accept: 'image/png,image/jpeg,image/webp,image/svg+xml;q=0.9,*/*;q=0.1',
    });
    if (!hop.ok) {
      await record(state, decision('logo', url.href, hop.outcome, hop.reason, hop.detail, hop.httpStatus ?? null, null, 1), 0);
      continue;
    }
    const declared = Number(hop.response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > CRAWL_LIMITS.logoBytes) {
      await hop.response.body?.cancel();
      await record(
        state,
        decision('logo', url.href, 'skipped', 'too_large', `declares ${declared} bytes; the limit is ${CRAWL_LIMITS.logoBytes}`, hop.response.status, null, 1),
        0,
      );
      continue;
    }
    const body = await readBody(state, hop.response.body, CRAWL_LIMITS.logoBytes);
    if (cutShort(body)) {
      await record(
        state,
        decision('logo', url.href, 'skipped', 'too_large', `over ${CRAWL_LIMITS.logoBytes} bytes`, hop.response.status, body.bytes.length, 1),
        0,
      );
      continue;
    }
    const colours = await imageColours(state, body.bytes, hop.response.headers.get('content-type'));
    await record(state, decision('logo', hop.finalUrl.href, 'visited', null, colours.note, hop.response.status, body.bytes.length, 1), 0);
    return { url: url.href, colours: colours.colours };
  }
  return { url: candidates[0] ?? null, colours: [] };
}

/** An SVG's paint, or a raster image's dominant colours when it is small enough to decode. */
async function imageColours(state: CrawlState, bytes: Uint8Array, contentType: string | null): Promise<{ colours: string[]; note: string | null }> {
  if ((contentType ?? '').includes('svg') || new TextDecoder().decode(bytes.subarray(0, 256)).includes('<svg')) {
    return { colours: await svgColours(new TextDecoder().decode(bytes)), note: null };
  }
  const header = readImageHeader(bytes);
  if (!header.ok) return { colours: [], note: `colours not read: ${header.detail}` };
  if (header.width * header.height > CRAWL_LIMITS.logoPixels)
    return { colours: [], note: `colours not read: ${header.width}×${header.height} is over the pixel limit` };
  try {
    const pixels = await state.deps.decodeImage(header.format, bytes.slice().buffer as ArrayBuffer);
    return { colours: dominantColours(pixels), note: null };
  } catch (error) {
    return { colours: [], note: `colours not read: ${error instanceof Error ? error.message : 'the image could not be decoded'}` };
  }
}
