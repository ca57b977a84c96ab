/**
 * What the workspace knows about its own product: built by onboarding (a crawl of the product's
 * site) and edited by people; read by the brief (names and voice) and the visuals (logo and
 * colours). Every field is optional in practice: a profile is useful as soon as it has a name,
 * and the brief and visuals fall back to the release alone where a field is empty.
 */
export interface ProductProfile {
  name: string | null;
  tagline: string | null;
  description: string | null;
  /** Who the product is for, in the site's own words. */
  audience: string | null;
  keyFeatures: string[];
  siteUrl: string | null;
  pricingUrl: string | null;
  docsUrl: string | null;
  /** Channel → handle as the site links it, e.g. `{ x: 'acme', mastodon: '@acme@hachyderm.io' }`. */
  socialHandles: Record<string, string>;
  logoUrl: string | null;
  /** Brand colours as `#rrggbb`, most prominent first: theme colour, CSS custom properties, the logo's dominant colours. */
  brandColors: string[];
  /** Sentences from the site that show how the product speaks, each with the page it came from. */
  voiceSamples: Array<{ text: string; url: string }>;
}

export const emptyProductProfile: ProductProfile = {
  name: null,
  tagline: null,
  description: null,
  audience: null,
  keyFeatures: [],
  siteUrl: null,
  pricingUrl: null,
  docsUrl: null,
  socialHandles: {},
  logoUrl: null,
  brandColors: [],
  voiceSamples: [],
};
