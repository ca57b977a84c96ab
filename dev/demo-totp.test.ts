import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureDemoData } from './demo-data';
import { syncDemoTotp, totpCode } from './demo-totp';

const root = fileURLToPath(new URL('..', import.meta.url));
const stateDir = mkdtempSync(join(tmpdir(), 'demo-totp-'));
const devJsonPath = join(stateDir, 'dev.json');
const databaseUrl = inject('bindings').DATABASE_URL;

async function setTotp(email: string, secret: string | null, enabled: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update launch.users set totp_secret = $2, totp_enabled_at = $3 where email = $1', [email, secret, enabled ? new Date() : null]);
  } finally {
    await client.end();
  }
}

const readDevJson = () => JSON.parse(readFileSync(devJsonPath, 'utf8')) as { launch: { user: { totpSecret?: string | null; totpEnabled?: boolean } } };

describe('the demo user with two-factor on', () => {
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('records the secret enrolled through the API in dev.json, and npm run totp prints a code it accepts', async () => {
    const { data } = await ensureDemoData(databaseUrl);
    const email = data.launch.user.email;
    writeFileSync(devJsonPath, JSON.stringify({ databaseUrl, launch: { user: data.launch.user } }));
    expect(await syncDemoTotp(devJsonPath)).toBeNull();

    // What POST /api/v1/me/two-factor stores, before and after its confirmation.
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await setTotp(email, secret, false);
    expect(await syncDemoTotp(devJsonPath)).toEqual({ secret, enabled: false });
    await setTotp(email, secret, true);
    expect(await syncDemoTotp(devJsonPath)).toEqual({ secret, enabled: true });
    expect(readDevJson().launch.user).toMatchObject({ totpSecret: secret, totpEnabled: true });

    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'dev/totp.ts'], {
      cwd: root,
      env: { ...process.env, DEV_STATE_DIR: stateDir },
    });
    const code = stdout.trim();
    expect(code).toMatch(/^\d{6}$/);
    expect(stderr).toContain('valid for');
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    // The code of this step or, if the step turned meanwhile, of the one before.
    expect(totp.validate({ token: code, window: 1 })).not.toBeNull();
  });

  it('keeps the recorded secret when the database is not running, and forgets it once two-factor is off', async () => {
    const { data } = await ensureDemoData(databaseUrl);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await setTotp(data.launch.user.email, secret, true);
    writeFileSync(devJsonPath, JSON.stringify({ databaseUrl, launch: { user: data.launch.user } }));
    await syncDemoTotp(devJsonPath);

    const recorded = JSON.parse(readFileSync(devJsonPath, 'utf8'));
    writeFileSync(devJsonPath, JSON.stringify({ ...recorded, databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/postgres' }));
    expect(await syncDemoTotp(devJsonPath)).toEqual({ secret, enabled: true });

    writeFileSync(devJsonPath, JSON.stringify(recorded));
    await setTotp(data.launch.user.email, null, false);
    expect(await syncDemoTotp(devJsonPath)).toBeNull();
    expect(readDevJson().launch.user).toMatchObject({ totpSecret: null, totpEnabled: false });
  });

  it('gives the code of the current 30-second step and the seconds it has left', () => {
    const secret = 'JBSWY3DPEHPK3PXP';
    const at = Date.UTC(2026, 0, 1, 0, 0, 10);
    const expected = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });
    expect(totpCode(secret, at)).toEqual({ code: expected, secondsLeft: 20 });
  });
});
