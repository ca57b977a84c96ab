import { describeSecurity } from '../../../test/workers/security-suite';

for (const path of ['/api/v1/me', '/api/v1/bootstrap', '/api/v1/organizations']) {
  describeSecurity({ service: 'launch', method: 'GET', path, sessionOnly: true });
}
describeSecurity({ service: 'launch', method: 'POST', path: '/api/v1/me/two-factor', sessionOnly: true });
describeSecurity({ service: 'launch', method: 'POST', path: '/api/v1/me/two-factor/confirm', body: { code: '123456' }, sessionOnly: true });
describeSecurity({ service: 'launch', method: 'DELETE', path: '/api/v1/sessions/current', sessionOnly: true });
