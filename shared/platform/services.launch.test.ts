import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { launchConfigSchema } from '../../workers/launch/config';
import { services, type ServicesVariables } from './services';

/** An app with only the services middleware, run with a context that records what it is handed to finish. */
async function run(use: (s: ServicesVariables['services']) => Promise<unknown>) {
  const app = new Hono<{ Variables: ServicesVariables }>();
  app.use(services(launchConfigSchema));
  app.get('/', async (c) => c.json({ value: await use(c.get('services')) }));
  const tasks: Promise<unknown>[] = [];
  const ctx = { waitUntil: (task: Promise<unknown>) => void tasks.push(task), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const response = await app.fetch(new Request('http://launch.test/'), env, ctx);
  return { response, tasks };
}

describe('the services middleware', () => {
  it('hands the runtime nothing to finish when no connection was opened', async () => {
    const { response, tasks } = await run(async ({ db }) => (await db.execute(sql`select 1 as one`)).rows[0]);
    expect(await response.json()).toEqual({ value: { one: 1 } });
    expect(tasks).toHaveLength(0);
  });

  it('closes the pool an interactive transaction opened, after the response', async () => {
    const { response, tasks } = await run(({ db }) => db.interactive(async (tx) => (await tx.execute(sql`select 2 as two`)).rows[0]));
    expect(await response.json()).toEqual({ value: { two: 2 } });
    expect(tasks).toHaveLength(1);
    await expect(Promise.all(tasks)).resolves.toBeDefined();
  });

  it('closes each handle that opened a pool, the bounded and the unbounded', async () => {
    const { tasks } = await run(async ({ db, bulkDb }) => {
      await bulkDb.interactive((tx) => tx.execute(sql`select 1`));
      return (await db.execute(sql`select 1 as one`)).rows.length;
    });
    expect(tasks).toHaveLength(1);
    await Promise.all(tasks);
  });
});
