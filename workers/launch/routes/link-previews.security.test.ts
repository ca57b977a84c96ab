import { describeSecurity } from '../../../test/workers/security-suite';

describeSecurity({
  service: 'launch',
  method: 'GET',
  path: `/api/v1/link-previews?url=${encodeURIComponent('https://site.example/')}`,
  scopes: ['artifact:read'],
  feature: 'workspace:use',
});
