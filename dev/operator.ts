import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../shared/db/schema';
import { createOperator } from '../shared/platform/verify-provisioning';
import { OPERATOR_USAGE, parseOperatorCommand } from './operator-command';

/**
 * `npm run operator`: creates, revokes and lists the operators of verify's operator plane, straight
 * in the database (DATABASE_URL, or the dev stack's from .local/dev.json): operators are never
 * made through the API, so no leaked credential can mint another. The token is printed once.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const devJsonPath = join(process.env.DEV_STATE_DIR ?? join(root, '.local'), 'dev.json');

function databaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  if (existsSync(devJsonPath)) return (JSON.parse(readFileSync(devJsonPath, 'utf8')) as { databaseUrl: string }).databaseUrl;
  throw new Error('Set DATABASE_URL (or start npm run dev, whose database is in .local/dev.json).');
}

let command: ReturnType<typeof parseOperatorCommand>;
try {
  command = parseOperatorCommand(process.argv.slice(2));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${OPERATOR_USAGE}`);
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: databaseUrl(), max: 1 });
const db = drizzle(pool, { schema });
try {
  if (command.action === 'create') {
    const createdBy = `npm run operator (${process.env.USER ?? 'unknown user'})`;
    const { operator, token } = await createOperator(db, { name: command.name, email: command.email, role: command.role, createdBy });
    console.error(`Created ${operator.role} operator ${operator.name} <${operator.email}> (${operator.id}). The token is shown once:`);
    console.log(token);
  } else if (command.action === 'revoke') {
    const revoked = await db
      .update(schema.operators)
      .set({ revokedAt: new Date() })
      .where(and(eq(schema.operators.email, command.email), isNull(schema.operators.revokedAt)))
      .returning({ id: schema.operators.id });
    if (revoked.length === 0) throw new Error(`No active operator with the email ${command.email}.`);
    console.error(`Revoked ${command.email}: its token is refused from the next request.`);
  } else {
    const rows = await db.select().from(schema.operators).orderBy(asc(schema.operators.createdAt));
    for (const row of rows) {
      console.log(
        [row.id, row.role, row.revokedAt ? 'revoked' : 'active', row.email, row.name, row.tokenPrefix, row.lastUsedAt?.toISOString() ?? 'never'].join('\t'),
      );
    }
  }
} catch (error) {
  const duplicate = (error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505';
  // drizzle's error names the query; the driver's (a refused connection, a missing table) is its cause.
  const cause = (error as { cause?: Error }).cause?.message;
  console.error(duplicate ? 'An operator with this email exists already.' : (cause ?? (error instanceof Error ? error.message : String(error))));
  process.exitCode = 1;
} finally {
  await pool.end();
}
