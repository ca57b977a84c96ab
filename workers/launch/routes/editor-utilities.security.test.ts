import { describeSecurity } from '../../../test/workers/security-suite';

const utility = { service: 'launch', scopes: ['artifact:read'], feature: 'workspace:use' } as const;

describeSecurity({ ...utility, method: 'POST', path: '/api/screenshot', body: { url: 'https://example.com/' } });
describeSecurity({ ...utility, method: 'POST', path: '/api/export' });
describeSecurity({ ...utility, method: 'GET', path: '/api/social-post/1790000000000000001' });
describeSecurity({ ...utility, method: 'GET', path: `/api/image-proxy?url=${encodeURIComponent('https://pbs.twimg.com/media/GBefore01AAAbcd.jpg')}` });
