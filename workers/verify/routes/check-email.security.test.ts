import { describeSecurity } from '../../../test/workers/security-suite';

describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v1/check_email',
  body: { to_email: 'jane@example.test', sandbox: true },
  scopes: ['verify'],
  feature: 'verify',
});
describeSecurity({ service: 'verify', method: 'GET', path: '/v1/emails/jane%40example.test/history', scopes: ['verify'], feature: 'verify' });
