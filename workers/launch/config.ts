import { z } from 'zod';
import { platformConfigSchema } from '../../shared/config';

/** Every launch setting, validated once per isolate; see the README's settings table. */
export const launchConfigSchema = platformConfigSchema.extend({
  /** Shared secret of the internal cache-maintenance endpoints (`X-Internal-Secret`). */
  INTERNAL_SECRET: z.string().min(32),
  /** The social network's public syndication endpoint; locally, the stand-in in dev/social-stand-in.ts. */
  SOCIAL_POST_UPSTREAM_URL: z.string().url().default('https://cdn.syndication.twimg.com'),
  /**
   * Local only: where the image proxy fetches the allowlisted media hosts from (`<url>/<host>/<path>`),
   * the stand-in in dev/social-stand-in.ts. Unset in production: the hosts themselves are fetched.
   */
  IMAGE_PROXY_UPSTREAM_URL: z.string().url().optional(),
  /** GitHub's REST API, polled for the releases of `github` intake sources; locally, the stand-in in dev/intake-stand-in.ts. */
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
});
