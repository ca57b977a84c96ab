import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;

/**
 * A code of a 30-second step later than `after`: a code is accepted once, and never one of an
 * earlier step. The current step's code where that is later; else the next step's, which the
 * server takes as one step of clock drift (an authenticator running up to 30 s ahead; see
 * totpStep in workers/launch/services/sign-in.ts), so a test waits for a new step only when
 * `after` is already the next one, not at every code.
 */
export async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / PERIOD_MS) < after) await new Promise((resolve) => setTimeout(resolve, 250));
  return codeAt(secret, Math.max(after + 1, Math.floor(Date.now() / PERIOD_MS)));
}

/**
 * The first code, for enrolling: the previous step's while at least 10 s of the current step remain
 * (an authenticator running up to 30 s behind, which the server also takes as one step of drift),
 * else the current step's. Begun a step early, the codes after it have the current and the next
 * step to take without waiting, so a test that needs three codes waits for no new step.
 */
export function enrolmentCode(secret: string): { code: string; step: number } {
  const now = Date.now();
  const current = Math.floor(now / PERIOD_MS);
  return codeAt(secret, (current + 1) * PERIOD_MS - now >= 10_000 ? current - 1 : current);
}

function codeAt(secret: string, step: number): { code: string; step: number } {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: PERIOD_MS / 1000, algorithm: 'SHA1' });
  return { code: totp.generate({ timestamp: step * PERIOD_MS }), step };
}
