import { eq } from 'drizzle-orm';
import { readConfig } from '../../../shared/config';
import type { Database } from '../../../shared/db/client';
import { publishingEndpoints } from '../../../shared/db/schema';
import { requirePublicUrl, userUrlPolicy } from '../../../shared/net/ssrf';
import { launchConfigSchema } from '../config';

/** Where the workspace's due posts are delivered; null until someone sets it. */
export async function getPublishingEndpoint(db: Database, workspaceId: string): Promise<{ url: string | null; secretSet: boolean }> {
  const [row] = await db.select().from(publishingEndpoints).where(eq(publishingEndpoints.workspaceId, workspaceId));
  return { url: row?.url ?? null, secretSet: Boolean(row) };
}

/**
 * Points deliveries at a public https URL (the SSRF guard's rules) with a signing secret, the given
 * one or a new one. The caller has checked that the person signed in recently with two-factor.
 */
export async function setPublishingEndpoint(
  db: Database,
  env: object,
  workspaceId: string,
  input: { url: string; secret?: string },
): Promise<{ url: string; secret: string }> {
  const url = (await requirePublicUrl(input.url, 'url', userUrlPolicy(readConfig(launchConfigSchema, env), { httpsOnly: true }))).toString();
  const secret = input.secret ?? `whsec_${[...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  await db
    .insert(publishingEndpoints)
    .values({ workspaceId, url, secret })
    .onConflictDoUpdate({ target: publishingEndpoints.workspaceId, set: { url, secret, updatedAt: new Date() } });
  return { url, secret };
}
