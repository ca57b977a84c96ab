/** What a network takes as a post's images, from its documentation. */
export interface ImageLimits {
  network: string;
  maxBytes: number;
  types: readonly string[];
  maxImages: number;
  /** Longest alt text it stores; longer text is cut at a word, never refused. */
  maxAltText: number;
}

const MB = 1024 * 1024;

/** X: 5 MB images (JPEG, PNG, WebP, GIF), 4 a post, alt text up to 1,000 characters (POST /2/media/metadata). */
export const xImages: ImageLimits = {
  network: 'X',
  maxBytes: 5 * MB,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxImages: 4,
  maxAltText: 1000,
};
/** LinkedIn: JPEG, PNG, GIF up to 5 MB; one image, or 2 to 20 as a multi-image post; altText up to 4,086 characters. */
export const linkedInImages: ImageLimits = {
  network: 'LinkedIn',
  maxBytes: 5 * MB,
  types: ['image/jpeg', 'image/png', 'image/gif'],
  maxImages: 20,
  maxAltText: 4086,
};
/**
 * Threads: JPEG and PNG up to 8 MB; one image a post, or 2 to 20 as a carousel; alt text goes in
 * `alt_text` of each image's container (documented under Accessibility), up to 1,000.
 */
export const threadsImages: ImageLimits = { network: 'Threads', maxBytes: 8 * MB, types: ['image/jpeg', 'image/png'], maxImages: 20, maxAltText: 1000 };

/** Why the post's images cannot go to the network as they are (checked before anything is uploaded), or null. */
export function imagesProblem(limits: ImageLimits, images: Array<{ bytes: number; contentType: string }>): string | null {
  if (images.length > limits.maxImages) {
    return `${limits.network} takes ${limits.maxImages === 1 ? 'one image' : `at most ${limits.maxImages} images`} a post from launch; this post has ${images.length}.`;
  }
  for (const [index, image] of images.entries()) {
    if (!limits.types.includes(image.contentType)) {
      return `Visual ${index + 1} is ${image.contentType}; ${limits.network} takes ${limits.types.map((type) => type.replace('image/', '').toUpperCase()).join(', ')}.`;
    }
    if (image.bytes > limits.maxBytes) {
      return `Visual ${index + 1} is ${(image.bytes / MB).toFixed(1)} MB; ${limits.network} takes images up to ${limits.maxBytes / MB} MB.`;
    }
  }
  return null;
}

/** Alt text within the network's limit, cut at the last space before it. */
export function fitAltText(limits: ImageLimits, text: string): string {
  const characters = [...text];
  if (characters.length <= limits.maxAltText) return text;
  const cut = characters.slice(0, limits.maxAltText - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > limits.maxAltText / 2 ? cut.slice(0, space) : cut}…`;
}
