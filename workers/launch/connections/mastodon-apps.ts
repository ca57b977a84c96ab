/** What a Mastodon app's sealed client secret is bound to: its instance and redirect URI. */
export const mastodonAppContext = (instanceUrl: string, redirectUri: string) => `mastodon-app:${instanceUrl} ${redirectUri}`;
