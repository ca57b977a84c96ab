import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/db/schema/index.ts',
  out: './drizzle',
  schemaFilter: ['launch', 'verify'],
  dbCredentials: { url: process.env.DATABASE_URL ?? 'postgres://localhost/unused' },
});
