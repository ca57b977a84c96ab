import { env } from 'cloudflare:workers';
import type { DatabaseGate, DatabaseGateName } from '../node/global-setup';

/**
 * A database gate of this file's own (test/node/global-setup.ts): `databaseUrl` reaches PostgreSQL
 * through it, `control('down' | 'up' | 'down-after/{n}')` cuts and restores it.
 */
export function databaseGate(name: DatabaseGateName) {
  const gate = (JSON.parse(env.TEST_DATABASE_GATES) as Record<DatabaseGateName, DatabaseGate>)[name];
  return {
    databaseUrl: gate.databaseUrl,
    control: (command: string) => fetch(`${gate.controlUrl}/${command}`, { method: 'POST' }),
  };
}
