import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { redact } from './postgres';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/** Applies the checked-in drizzle-kit migrations; safe to run concurrently and repeatedly. */
export async function runMigrations(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Two processes starting at once (dev and tests) must not apply the same migration twice.
    await client.query('select pg_advisory_lock(7262001)');
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(7262001)').catch(() => {});
    await client.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Set DATABASE_URL to the PostgreSQL server to migrate.');
    process.exit(2);
  }
  await runMigrations(url);
  console.log(`Migrations applied to ${redact(url)}.`);
}
