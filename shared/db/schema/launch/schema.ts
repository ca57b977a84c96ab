import { pgSchema } from 'drizzle-orm/pg-core';

/** Every launch table lives in this PostgreSQL schema, so the two services can be split apart later. */
export const launch = pgSchema('launch');
