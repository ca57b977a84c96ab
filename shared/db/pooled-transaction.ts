import { Pool, type PoolClient } from '@neondatabase/serverless';
import { type SQL, sql, type TablesRelationalConfig } from 'drizzle-orm';
import { NeonSession, NeonTransaction } from 'drizzle-orm/neon-serverless';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { isDatabaseUnavailable } from './errors';

/**
 * drizzle-orm 0.45's pooled `transaction()` for the Neon driver sends BEGIN before the try/finally
 * that returns the client to the pool (drizzle-team/drizzle-orm#6241, open). A BEGIN cut by a
 * dropped connection therefore keeps its client checked out for good, and `pool.end()`, which
 * every request and every cron or queue handler awaits when it closes its pool, then waits
 * forever: a publisher run cut during a connection's start-up never ended. The same method gives a
 * client whose ROLLBACK failed back to the pool as healthy, and reports the rollback's error in
 * place of the one that caused it.
 *
 * This replaces the method with one that always returns the client, destroys it when its state is
 * unknown (BEGIN or ROLLBACK failed), and throws the first error. A transaction that failed because
 * the database is gone or did not answer in time (a statement past the handle's deadline) sends no
 * ROLLBACK: it would queue behind the unanswered statement and wait out a second deadline, or fail
 * on a dead socket; destroying the client ends the transaction on the server just the same.
 * Nested transactions (savepoints) and non-pooled clients are unchanged. The test beside this file
 * fails once upstream behaves, so the replacement can go.
 */
type Session = NeonSession<Record<string, unknown>, TablesRelationalConfig>;
type Transaction = Session['transaction'];
/** What the replacement reads of a session: private in drizzle's types, plain fields at run time. */
interface SessionInternals {
  client: unknown;
  dialect: ConstructorParameters<typeof NeonTransaction>[0];
  schema: ConstructorParameters<typeof NeonTransaction>[2];
  options: ConstructorParameters<typeof NeonSession>[3];
}
type TransactionInternals = NeonTransaction<Record<string, unknown>, TablesRelationalConfig> & {
  getTransactionConfigSQL(config: PgTransactionConfig): SQL;
};

const unpooledTransaction = NeonSession.prototype.transaction as Transaction;

NeonSession.prototype.transaction = async function pooledTransaction(this: Session, transaction: Parameters<Transaction>[0], config: PgTransactionConfig = {}) {
  const self = this as unknown as SessionInternals;
  if (!(self.client instanceof Pool)) return unpooledTransaction.call(this, transaction, config);
  const client: PoolClient = await self.client.connect();
  const session = new NeonSession(client, self.dialect, self.schema, self.options);
  const tx = new NeonTransaction(self.dialect, session, self.schema) as TransactionInternals;
  let unusable: Error | undefined;
  try {
    await tx.execute(sql`begin ${tx.getTransactionConfigSQL(config)}`).catch((error: Error) => {
      unusable = error;
      throw error;
    });
    try {
      const result = await transaction(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        unusable = error as Error;
        throw error;
      }
      await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
        unusable = rollbackError;
      });
      throw error;
    }
  } finally {
    // An Error makes the pool destroy the client rather than hand it out again.
    client.release(unusable);
  }
} as Transaction;
