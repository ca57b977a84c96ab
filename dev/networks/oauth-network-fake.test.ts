import { describe, expect, it } from 'vitest';
import { FakeState } from './oauth-network-fake';

const consentAs = (state: FakeState, hint?: string) => {
  const params = new URLSearchParams({ client_id: 'app', redirect_uri: 'https://launch.test/callback' });
  if (hint !== undefined) params.set('login_hint', hint);
  const authorized = state.authorize(params);
  if (!('code' in authorized)) throw new Error(authorized.error);
  const redeemed = state.redeem(authorized.code, 'app', 'https://launch.test/callback', null);
  if (!('account' in redeemed)) throw new Error(redeemed.error);
  return redeemed.account.id;
};

describe('the OAuth network fake’s consent', () => {
  it('consents as the account a login_hint names, else as whoever signed in last', () => {
    const state = new FakeState({ network: 'linkedin', accessTokenSeconds: 3600, refreshTokenSeconds: null, rotateRefreshTokens: false, postPath: () => '/' });
    const first = state.createAccount('first');
    const second = state.createAccount('second');
    state.signInAs(first.id);
    state.signInAs(second.id);
    // Two tests connecting at once: the first's consent still lands on its own account.
    expect(consentAs(state, first.id)).toBe(first.id);
    expect(consentAs(state)).toBe(second.id);
    expect(consentAs(state, 'no-such-account')).toBe(second.id);
  });
});
