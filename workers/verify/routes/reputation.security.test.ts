import { describeSecurity } from '../../../test/workers/security-suite';

describeSecurity({
  service: 'verify',
  method: 'POST',
  path: '/v1/reputation/check',
  body: { domain: 'rep-burst.test' },
  scopes: ['reputation'],
  feature: 'reputation',
});
