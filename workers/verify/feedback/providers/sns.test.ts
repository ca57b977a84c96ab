import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { snsNotification } from '../../../../test/node/fixtures/providers/samples';
import { SNS_CERT_PATH } from '../../../../test/shared/sns';
import { snsFetchUrl, verifySnsSignature, type SnsMessage } from './sns';
import { readCertificate } from './x509';

const snsUrl = env.SNS_ENDPOINT_OVERRIDE!;
const ports = { fetch: (url: string) => fetch(url), override: snsUrl };

describe('SNS signing certificates', () => {
  it('reads the key and the validity of a certificate, UTCTime and GeneralizedTime alike', async () => {
    const certificate = readCertificate(await (await fetch(`${snsUrl}${SNS_CERT_PATH}`)).text());
    // The fixture runs from 2026 (UTCTime) to 2126 (GeneralizedTime, years from 2050 on).
    expect(certificate?.notBefore.getUTCFullYear()).toBe(2026);
    expect(certificate?.notAfter.getUTCFullYear()).toBe(2126);
    expect(certificate?.spki[0]).toBe(0x30);
    expect(readCertificate('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toBeNull();
    expect(readCertificate('not a certificate')).toBeNull();
  });

  it('maps an SNS URL to the stand-in only after checking its host', () => {
    expect(snsFetchUrl('https://sns.eu-west-1.amazonaws.com/a.pem?x=1')).toBe('https://sns.eu-west-1.amazonaws.com/a.pem?x=1');
    expect(snsFetchUrl('https://sns.cn-north-1.amazonaws.com.cn/a.pem')).toBe('https://sns.cn-north-1.amazonaws.com.cn/a.pem');
    expect(snsFetchUrl('https://sns.eu-west-1.amazonaws.com/a.pem', 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9/a.pem');
    expect(snsFetchUrl('https://user@sns.eu-west-1.amazonaws.com/a.pem')).toBeNull();
    expect(snsFetchUrl('https://s3.amazonaws.com/a.pem', 'http://127.0.0.1:9')).toBeNull();
    expect(snsFetchUrl('not a url')).toBeNull();
  });

  it('refuses a signature once its certificate has expired', async () => {
    const response = await fetch(`${snsUrl}/publish?version=2`, { method: 'POST', body: JSON.stringify(snsNotification) });
    const message = (await response.json()) as SnsMessage;
    await expect(verifySnsSignature(message, ports, new Date('2030-01-01T00:00:00Z'))).resolves.toBeUndefined();
    await expect(verifySnsSignature(message, ports, new Date('2127-01-01T00:00:00Z'))).rejects.toMatchObject({
      kind: 'signature',
      message: expect.stringContaining('not valid at this time'),
    });
    await expect(verifySnsSignature(message, ports, new Date('2020-01-01T00:00:00Z'))).rejects.toMatchObject({ kind: 'signature' });
  });

  it('answers upstream, not signature, when SNS cannot be reached', async () => {
    const response = await fetch(`${snsUrl}/publish?version=1`, { method: 'POST', body: JSON.stringify(snsNotification) });
    const message = { ...((await response.json()) as SnsMessage), SigningCertURL: 'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-missing.pem' };
    await expect(verifySnsSignature(message, ports, new Date())).rejects.toMatchObject({ kind: 'upstream' });
  });
});
