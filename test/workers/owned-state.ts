import { sql } from 'drizzle-orm';
import { withTestDb } from './seed';

/**
 * What a workspace (launch) or tenant (verify) holds, as one digest per table with an owner
 * column: any insert, update or delete of its rows changes it. Only the columns a credential's
 * mere use stamps (a key's or session's last use) are left out, since a refused request may
 * still touch them.
 */
export async function ownedState(service: 'launch' | 'verify', ownerId: string): Promise<Record<string, string>> {
  const owner = service === 'launch' ? 'workspace_id' : 'tenant_id';
  return withTestDb(async (db) => {
    const tables = await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.columns where table_schema = ${service} and column_name = ${owner} order by table_name`,
    );
    const state: Record<string, string> = {};
    for (const { table_name } of tables.rows) {
      const table = sql`${sql.identifier(service)}.${sql.identifier(table_name)}`;
      const result = await db.execute<{ digest: string | null }>(
        sql`select md5(string_agg(row_text, ',' order by row_text)) as digest
            from (select (to_jsonb(t) - 'last_used_at' - 'last_seen_at')::text as row_text from ${table} t where ${sql.identifier(owner)} = ${ownerId}) rows`,
      );
      state[table_name] = result.rows[0]?.digest ?? 'empty';
    }
    return state;
  });
}
