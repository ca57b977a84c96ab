import type { Child } from 'hono/jsx';
import { launchRolePermissions } from '../auth/roles';
import { clientScript } from './client-script';
import { appPath } from './context';
import { FAVICON_PATH } from './favicon';
import { styles } from './styles';

export interface Viewer {
  name: string;
  role: string;
}

const sections = [
  { path: '/queue', label: 'Review queue' },
  { path: '/ready', label: 'Ready to schedule' },
  { path: '/schedule', label: 'Schedule' },
  { path: '/settings/members', label: 'Members' },
  { path: '/settings/api-keys', label: 'API keys', permission: 'keys:manage' },
  { path: '/settings/publishing', label: 'Publishing', permission: 'workspace:manage' },
  { path: '/settings/connections', label: 'Connections', permission: 'artifact:read' },
  { path: '/settings/notifications', label: 'Notifications' },
  { path: '/two-factor', label: 'Two-factor' },
] as const;

/** The frame of every page: skip link, navigation for a signed-in person, one main landmark. */
export function Layout(props: { title: string; nonce: string; viewer?: Viewer; current?: string; narrow?: boolean; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href={appPath(FAVICON_PATH)} type="image/svg+xml" />
        <title>{`${props.title} · Launch review`}</title>
        <style nonce={props.nonce} dangerouslySetInnerHTML={{ __html: styles }} />
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href={appPath(props.viewer ? '/queue' : '/sign-in')}>
            Launch review
          </a>
          {props.viewer && (
            <>
              <nav aria-label="Sections">
                <ul>
                  {sections
                    .filter((section) => !('permission' in section) || launchRolePermissions(props.viewer!.role).has(section.permission))
                    .map((section) => (
                      <li>
                        <a href={appPath(section.path)} aria-current={props.current === section.path ? 'page' : undefined}>
                          {section.label}
                        </a>
                      </li>
                    ))}
                </ul>
              </nav>
              <div class="who">
                <span>
                  {props.viewer.name} · {props.viewer.role}
                </span>
                <form method="post" action={appPath('/sign-out')} class="inline">
                  <button type="submit" class="link">
                    Sign out
                  </button>
                </form>
              </div>
            </>
          )}
        </header>
        <main id="main" class={props.narrow ? 'narrow' : undefined} tabindex={-1}>
          {props.children}
        </main>
        <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: clientScript }} />
      </body>
    </html>
  );
}

/** A message at the top of a page: `status` for news, `alert` for a problem the reader must fix. */
export function Notice(props: { kind: 'ok' | 'error' | 'info'; children: Child }) {
  return (
    <div class={`notice ${props.kind === 'info' ? '' : props.kind}`} role={props.kind === 'error' ? 'alert' : 'status'}>
      {props.children}
    </div>
  );
}
