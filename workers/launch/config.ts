import { platformConfigSchema } from '../../shared/config';

/** Every launch setting, validated once per isolate; see the README's settings table. */
export const launchConfigSchema = platformConfigSchema;
