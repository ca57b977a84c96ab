import { z } from 'zod';
import { platformConfigSchema } from '../../shared/config';

/** Every launch setting, validated once per isolate; see the README's settings table. */
export const launchConfigSchema = platformConfigSchema.extend({
  /** Local development only: lets publishing endpoints and page captures reach this machine. Never set in production. */
  ALLOW_PRIVATE_URLS: z.enum(['0', '1']).default('0'),
});
