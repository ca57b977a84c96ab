import { describeSecurity } from '../../../test/workers/security-suite';

describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me' });
describeSecurity({ service: 'verify', method: 'GET', path: '/v1/me/usage' });
