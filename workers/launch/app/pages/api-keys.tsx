import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import { z } from 'zod';
import { launchScopes } from '../../../../shared/auth/scopes';
import { prefixedId } from '../../../../shared/http/ids';
import type { ScopeVerdict } from '../../domain/key-scopes';
import type { LaunchEnv } from '../../env';
import { createApiKey, getApiKey, listApiKeys, revokeApiKey, scopeOptions } from '../../services/api-keys';
import { memberActor } from '../../services/members';
import { Time } from '../components/bits';
import { ConfirmStep } from '../components/settings/confirm';
import { SecretOnce } from '../components/settings/secret-once';
import { settingsRefusal } from '../components/settings/settings-error';
import { appPath, type PageContext, type PageEnv, personOf } from '../context';
import { allowed, permitted, signedIn } from '../guards';
import { Notice } from '../layout';
import { reauthFields, withRecentSignIn } from '../recent-sign-in';
import { renderPage } from '../render';

const KEYS_PAGE = '/settings/api-keys';
const LIST_LIMIT = 100;

/**
 * Checked boxes arrive as repeated `scopes` fields; after re-authentication they come back as one
 * hidden field of space-separated names. Both read the same.
 */
const createForm = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => [value].flat().flatMap((scope) => scope.split(/\s+/).filter(Boolean)))
    .pipe(z.array(z.enum(launchScopes)).min(1).max(launchScopes.length)),
  ...reauthFields,
});

const why: Record<Extract<ScopeVerdict, { grantable: false }>['reason'], string> = {
  unused: 'nothing uses it yet',
  role: 'your role does not hold it',
  plan: "the workspace's plan does not include it",
};

interface KeysPageState {
  status?: 200 | 201 | 400 | 403 | 404 | 409;
  notice?: { kind: 'ok' | 'error'; text: string };
  created?: { name: string; secret: string };
  values?: { name: string; scopes: string[] };
}

// biome-ignore lint/suspicious/noExplicitAny: any launch app, whatever its variables (as scopeOptions takes it).
type LaunchApi = OpenAPIHono<any>;

async function keysPage(c: PageContext, api: LaunchApi, state: KeysPageState = {}): Promise<Response> {
  const person = personOf(c);
  const options = scopeOptions(api, c.get('entitlement'), memberActor(person).role);
  const keys = await listApiKeys(c.get('services').db, person.workspaceId, { limit: LIST_LIMIT });
  const zone = c.get('timeZone');
  const notice = state.notice ?? (c.req.query('done') === 'revoked' ? { kind: 'ok' as const, text: 'Key revoked. Its next request is refused.' } : undefined);
  return renderPage(
    c,
    { title: 'API keys', current: KEYS_PAGE, status: state.status },
    <>
      <h1>API keys</h1>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {state.created && (
        <SecretOnce id="key-secret" label={`Secret of the key “${state.created.name}”`} value={state.created.secret}>
          <p>Key created. Send it as the x-api-key header. Keys never manage keys or members, and cannot use these pages.</p>
        </SecretOnce>
      )}
      <section class="card" aria-labelledby="create-heading">
        <h2 id="create-heading">Create a key</h2>
        <form method="post" action={appPath(KEYS_PAGE)}>
          <label for="key-name">
            Name <span class="hint">What uses it, so you know what breaks when you revoke it.</span>
          </label>
          <input id="key-name" name="name" type="text" maxlength={100} required value={state.values?.name ?? ''} />
          <fieldset>
            <legend>Scopes (what the key may do)</legend>
            {options.map((option) => (
              <label>
                <input
                  type="checkbox"
                  name="scopes"
                  value={option.scope}
                  disabled={!option.grantable}
                  checked={state.values?.scopes.includes(option.scope)}
                  aria-describedby={option.grantable ? undefined : `why-${option.scope}`}
                />
                <code>{option.scope}</code>
                {!option.grantable && (
                  <span id={`why-${option.scope}`} class="hint">
                    (not available: {why[option.reason]})
                  </span>
                )}
              </label>
            ))}
          </fieldset>
          <button type="submit">Create key</button>
        </form>
      </section>
      {keys.data.length === 0 ? (
        <p class="muted">No keys yet.</p>
      ) : (
        <table class="stack">
          <caption>Keys, newest first; revoked ones stay listed for the record</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Starts with</th>
              <th scope="col">Scopes</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Revoke</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => (
              <tr>
                <th scope="row">{key.name}</th>
                <td data-label="Starts with">
                  <code>{key.prefix}</code>
                </td>
                <td data-label="Scopes">{key.scopes.join(', ')}</td>
                <td data-label="Status">
                  <span class={`badge ${key.status === 'active' ? 'ok' : 'bad'}`}>{key.status}</span>
                </td>
                <td data-label="Created">
                  <Time at={key.createdAt} zone={zone} />
                </td>
                <td data-label="Last used">{key.lastUsedAt ? <Time at={key.lastUsedAt} zone={zone} /> : 'never'}</td>
                <td data-label="Revoke">
                  {key.status === 'active' && (
                    <form method="post" action={appPath(`${KEYS_PAGE}/${key.id}/revoke`)}>
                      <button type="submit" class="secondary" aria-label={`Revoke the key ${key.name}`}>
                        Revoke
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {keys.nextCursor && <p class="muted">Showing the newest {LIST_LIMIT} keys; GET /api/v1/api-keys lists them all, page by page.</p>}
    </>,
  );
}

export function registerApiKeyPages(pages: Hono<PageEnv>, api: OpenAPIHono<LaunchEnv>): void {
  pages.get(KEYS_PAGE, signedIn, permitted('keys:manage'), (c) => keysPage(c, api));

  pages.post(KEYS_PAGE, signedIn, allowed('keys:manage'), async (c) => {
    const body = await c.req.parseBody({ all: true });
    const parsed = createForm.safeParse(body);
    const values = { name: String(body.name ?? ''), scopes: [body.scopes ?? []].flat().map(String) };
    if (!parsed.success) {
      return keysPage(c, api, { status: 400, values, notice: { kind: 'error', text: 'Give the key a name and tick at least one scope.' } });
    }
    const { name, scopes, password, totpCode } = parsed.data;
    return withRecentSignIn(c, { password, totpCode, carry: { name, scopes: scopes.join(' ') }, summary: `create the key “${name}”` }, async () => {
      const actor = memberActor(personOf(c));
      try {
        const key = await createApiKey(c.get('services').db, actor, { name, scopes }, scopeOptions(api, c.get('entitlement'), actor.role));
        return keysPage(c, api, { status: 201, created: { name: key.name, secret: key.secret } });
      } catch (error) {
        const { status, text } = settingsRefusal(error);
        return keysPage(c, api, { status, values: { name, scopes }, notice: { kind: 'error', text } });
      }
    });
  });

  pages.post(`${KEYS_PAGE}/:keyId/revoke`, signedIn, permitted('keys:manage'), async (c) => {
    const parsed = prefixedId('key').safeParse(c.req.param('keyId'));
    const keyId = parsed.success ? parsed.data : 'key_00000000000000000000000000';
    try {
      if ((await c.req.parseBody()).confirm !== 'yes') {
        const key = await getApiKey(c.get('services').db, personOf(c).workspaceId, keyId);
        return renderPage(
          c,
          { title: 'Revoke a key', narrow: true },
          <ConfirmStep
            heading={`Revoke the key “${key.name}”?`}
            text={`Its next request is refused (it starts with ${key.prefix}). Whatever uses it stops working; a revoked key cannot be restored.`}
            action={c.req.path}
            button="Revoke"
            back={KEYS_PAGE}
          />,
        );
      }
      await revokeApiKey(c.env, c.get('services').db, memberActor(personOf(c)), keyId);
    } catch (error) {
      const { status, text } = settingsRefusal(error);
      return keysPage(c, api, { status, notice: { kind: 'error', text } });
    }
    return c.redirect(appPath(`${KEYS_PAGE}?done=revoked`), 303);
  });
}
