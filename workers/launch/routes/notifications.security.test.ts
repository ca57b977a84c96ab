import { describeSecurity } from '../../../test/workers/security-suite';

const feature = 'workspace:use';

// Preferences are a person's own: sessions only, any role.
describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/me/notification-preferences', sessionOnly: true });
describeSecurity({
  service: 'launch',
  method: 'PUT',
  path: '/api/v1/me/notification-preferences',
  body: { email: { post_published: false } },
  sessionOnly: true,
});

// The chat webhook is the workspace's: owners and admins, and a fresh two-factor sign-in to change where it posts.
describeSecurity({
  service: 'launch',
  method: 'GET',
  path: '/api/v1/notification-webhook',
  scopes: ['workspace:manage'],
  sessionOnly: true,
  feature,
  deniedRole: 'editor',
});
describeSecurity({
  service: 'launch',
  method: 'PUT',
  path: '/api/v1/notification-webhook',
  body: { url: 'https://hooks.example.com/chat', kinds: { post_failed: true } },
  scopes: ['workspace:manage'],
  sessionOnly: true,
  feature,
  recentTwoFactor: true,
  takesText: 'url',
  deniedRole: 'reviewer',
});

describeSecurity({ service: 'launch', method: 'GET', path: '/api/v1/notifications', sessionOnly: true });
