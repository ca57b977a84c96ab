import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { launchUsers } from '../shared/db/schema';
import { drizzle } from 'drizzle-orm/node-postgres';

/**
 * The demo user's two-factor secret. Enrolling (POST /api/v1/me/two-factor) stores it in the
 * database the dev stack owns; it is copied into `.local/dev.json` (`launch.user.totpSecret`)
 * by `npm run totp` and on each `npm run dev`, so the demo sign-in keeps working with two-factor on.
 */
export interface DemoTotp {
  secret: string;
  /** False between enrolment and its confirmation: the code then confirms the enrolment. */
  enabled: boolean;
}

export async function readTotpSecret(databaseUrl: string, email: string): Promise<DemoTotp | null> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    const [user] = await drizzle(pool)
      .select({ secret: launchUsers.totpSecret, enabledAt: launchUsers.totpEnabledAt })
      .from(launchUsers)
      .where(eq(launchUsers.email, email.toLowerCase()));
    return user?.secret ? { secret: user.secret, enabled: user.enabledAt !== null } : null;
  } finally {
    await pool.end();
  }
}

/** The code of the 30-second step `now` falls in, as an authenticator app shows it, and the seconds it has left. */
export function totpCode(secret: string, now = Date.now()): { code: string; secondsLeft: number } {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return { code: totp.generate({ timestamp: now }), secondsLeft: 30 - (Math.floor(now / 1000) % 30) };
}

interface DevJsonTotp {
  databaseUrl?: string;
  launch: { user: { email: string; totpSecret?: string | null; totpEnabled?: boolean } };
}

/**
 * Reads the demo user's secret from the database named in dev.json and records it there (null
 * once two-factor is off); falls back to the recorded secret when the database is not running.
 */
export async function syncDemoTotp(devJsonPath: string): Promise<DemoTotp | null> {
  if (!existsSync(devJsonPath)) throw new Error(`${devJsonPath} does not exist: start the stack once with npm run dev.`);
  const devJson = JSON.parse(readFileSync(devJsonPath, 'utf8')) as DevJsonTotp;
  const { user } = devJson.launch;
  const recorded = user.totpSecret ? { secret: user.totpSecret, enabled: user.totpEnabled ?? true } : null;
  if (!devJson.databaseUrl) return recorded;
  let current: DemoTotp | null;
  try {
    current = await readTotpSecret(devJson.databaseUrl, user.email);
  } catch {
    return recorded;
  }
  if (current?.secret !== recorded?.secret || current?.enabled !== recorded?.enabled) {
    user.totpSecret = current?.secret ?? null;
    user.totpEnabled = current?.enabled ?? false;
    writeFileSync(devJsonPath, `${JSON.stringify(devJson, null, 2)}\n`, { mode: 0o600 });
  }
  return current;
}
