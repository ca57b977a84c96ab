import * as OTPAuth from 'otpauth';

/** A code of a 30-second step later than `after`: a code is accepted once, and never one of an earlier step. */
export async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / 30_000) <= after) await new Promise((resolve) => setTimeout(resolve, 500));
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return { code: totp.generate(), step: Math.floor(Date.now() / 30_000) };
}
