import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncDemoTotp, totpCode } from './demo-totp';

/**
 * `npm run totp`: the demo user's current two-factor code on stdout (alone, for `$(npm run -s totp)`),
 * the rest on stderr. Records the secret in .local/dev.json on the way.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const devJsonPath = join(process.env.DEV_STATE_DIR ?? join(root, '.local'), 'dev.json');

try {
  const totp = await syncDemoTotp(devJsonPath);
  if (!totp) {
    console.error(
      "The demo user has no two-factor secret: enrol on the review app's two-factor page (/app/two-factor) or with POST /api/v1/me/two-factor, then enter a code from this command there.",
    );
    process.exit(1);
  }
  const { code, secondsLeft } = totpCode(totp.secret);
  console.log(code);
  console.error(`valid for ${secondsLeft} more s, once (a used code is refused: wait for the next one)`);
  if (!totp.enabled)
    console.error(
      'The enrolment is not confirmed yet: enter this code where you enrolled (the two-factor page of the review app, or POST /api/v1/me/two-factor/confirm).',
    );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
