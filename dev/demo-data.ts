import { and, eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { hashApiKeySecret } from '../shared/auth/api-key-secret';
import { launchScopes, verifyScopes } from '../shared/auth/scopes';
import * as schema from '../shared/db/schema';
import { addLaunchMember, createLaunchApiKey, createLaunchUser, createWorkspace } from '../shared/platform/launch-provisioning';
import { createOperator, createTenant, createVerifyApiKey } from '../shared/platform/verify-provisioning';

export interface DemoData {
  launch: { workspaceId: string; apiKey: string; user: { email: string; password: string }; internalSecret: string };
  verify: { tenantId: string; apiKey: string; internalSecret: string; operator?: DemoOperator };
}

/** The dev stack's operator of verify's operator plane: its second factor beside `internalSecret`. */
export interface DemoOperator {
  id: string;
  name: string;
  email: string;
  role: 'admin';
  token: string;
}

type Db = ReturnType<typeof drizzle<typeof schema>>;

const HIGHEST_LAUNCH_PLAN = 'enterprise';
const HIGHEST_VERIFY_PLAN = 'enterprise';

/**
 * A demo workspace per service on the highest plan, with a key holding every scope. Data from an
 * earlier run is reused while its keys still work, so a second `npm run dev` changes nothing.
 */
export async function ensureDemoData(databaseUrl: string, previous?: DemoData): Promise<{ data: DemoData; reused: boolean }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = drizzle(pool, { schema });
  try {
    if (previous && (await stillValid(db, previous))) {
      // dev.json written before launch had an operator secret, or verify an operator, gets one now.
      return {
        data: {
          ...previous,
          launch: { ...previous.launch, internalSecret: previous.launch.internalSecret ?? randomPassword(48) },
          verify: { ...previous.verify, operator: await ensureOperator(db, previous.verify.operator) },
        },
        reused: true,
      };
    }

    const workspace = await createWorkspace(db, { name: 'Demo workspace', planId: HIGHEST_LAUNCH_PLAN });
    const launchKey = await createLaunchApiKey(db, { workspaceId: workspace.id, name: 'dev (all scopes)', scopes: launchScopes });
    const password = randomPassword();
    const email = `demo+${workspace.id.slice(-6).toLowerCase()}@launch.localhost`;
    const user = await createLaunchUser(db, { email, name: 'Demo Owner', password });
    await addLaunchMember(db, { workspaceId: workspace.id, userId: user.id, role: 'owner' });

    const tenant = await createTenant(db, { name: 'Demo tenant', planId: HIGHEST_VERIFY_PLAN });
    const verifyKey = await createVerifyApiKey(db, { tenantId: tenant.id, name: 'dev (all scopes)', scopes: verifyScopes });

    return {
      reused: false,
      data: {
        launch: {
          workspaceId: workspace.id,
          apiKey: launchKey.secret,
          user: { email, password },
          internalSecret: previous?.launch.internalSecret ?? randomPassword(48),
        },
        verify: {
          tenantId: tenant.id,
          apiKey: verifyKey.secret,
          internalSecret: previous?.verify.internalSecret ?? randomPassword(48),
          operator: await ensureOperator(db, previous?.verify.operator),
        },
      },
    };
  } finally {
    await pool.end();
  }
}

/** The earlier run's operator while its token still works, else a new admin operator. */
async function ensureOperator(db: Db, previous: DemoOperator | undefined): Promise<DemoOperator> {
  if (previous) {
    const [operator] = await db
      .select({ id: schema.operators.id })
      .from(schema.operators)
      .where(and(eq(schema.operators.tokenHash, await hashApiKeySecret(previous.token)), isNull(schema.operators.revokedAt)));
    if (operator) return previous;
  }
  // Emails are unique among operators; a fresh suffix keeps a rebuilt dev.json from colliding with an older row.
  const email = `dev-operator+${randomPassword(6).toLowerCase()}@verify.localhost`;
  const { operator, token } = await createOperator(db, { name: 'Dev Operator', email, role: 'admin', createdBy: 'npm run dev' });
  return { id: operator.id, name: operator.name, email: operator.email, role: 'admin', token };
}

async function stillValid(db: Db, data: DemoData): Promise<boolean> {
  const [launchKey] = await db
    .select({ id: schema.launchApiKeys.id })
    .from(schema.launchApiKeys)
    .where(and(eq(schema.launchApiKeys.hash, await hashApiKeySecret(data.launch.apiKey)), isNull(schema.launchApiKeys.revokedAt)));
  const [verifyKey] = await db
    .select({ id: schema.verifyApiKeys.id })
    .from(schema.verifyApiKeys)
    .where(and(eq(schema.verifyApiKeys.hash, await hashApiKeySecret(data.verify.apiKey)), isNull(schema.verifyApiKeys.revokedAt)));
  return Boolean(launchKey && verifyKey);
}

function randomPassword(length = 20): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Buffer.from(bytes).toString('base64url').slice(0, length);
}
