import { bigint, text, timestamp } from 'drizzle-orm/pg-core';
import { launch } from './schema';

export const launchUsers = launch.table('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** PBKDF2 hash in a self-describing string (algorithm, iterations, salt, hash). */
  passwordHash: text('password_hash').notNull(),
  /** Base32 TOTP secret; set at enrolment, trusted only once `totpEnabledAt` is set. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The 30-second time step of the last code accepted: that code and earlier ones never work again (RFC 6238 §5.2). */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
