import { describeSecurity } from '../../../test/workers/security-suite';

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/outcomes', scopes: ['settings'] });
describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v1/outcomes',
  body: { email: 'a@example.com', type: 'delivered' },
  scopes: ['settings'],
  takesText: 'email',
});
