import type { ProductProfile } from '../product-profile';

/**
 * The little of a product's voice a template can follow without inventing anything: whether its
 * own site speaks as "we", and whether it uses exclamation marks or emoji. Read from the
 * profile's voice samples; with none, the brief is plain and third-person.
 */
export interface Voice {
  firstPerson: boolean;
  exclamation: boolean;
  emoji: boolean;
}

export function voiceOf(profile: ProductProfile | null): Voice {
  const samples = profile?.voiceSamples.map((sample) => sample.text) ?? [];
  if (samples.length === 0) return { firstPerson: false, exclamation: false, emoji: false };
  const share = (pattern: RegExp) => samples.filter((text) => pattern.test(text)).length / samples.length;
  return {
    firstPerson: share(/\b(?:we|we're|we've|our|us)\b/i) >= 0.5,
    exclamation: share(/!/) >= 0.34,
    emoji: share(/\p{Extended_Pictographic}/u) >= 0.34,
  };
}
