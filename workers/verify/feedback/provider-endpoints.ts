import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { providerEndpoints, type EndpointStatus, type FeedbackProvider } from '../../../shared/db/schema';
import { sha256Hex } from '../../../shared/crypto';
import { ApiError } from '../../../shared/http/api-error';
import { parseIpRange } from './cidr';

export type EndpointRow = typeof providerEndpoints.$inferSelect;

/** Where a provider posts: the token is the credential, so the URL is secret like it. */
export const DELIVERY_PATH = '/v1/provider-deliveries';

export function endpointView(row: EndpointRow, origin: string, token?: string) {
  return {
    id: row.id,
    provider: row.provider,
    label: row.label,
    allowed_ips: row.allowedIps,
    provider_config: redactConfig(row.providerConfig),
    status: row.status,
    delivery_token_prefix: row.tokenPrefix,
    ...(token !== undefined && { delivery_token: token, delivery_url: `${origin}${DELIVERY_PATH}/${token}` }),
    last_delivery_at: row.lastDeliveryAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Signing keys are write-only: a listing says that one is set, never what it is. */
function redactConfig(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([name, value]) => [name, /key|secret/i.test(name) && typeof value === 'string' ? '<set>' : value]));
}

async function newToken(): Promise<{ token: string; hash: string; prefix: string }> {
  const random = [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  const token = `vpd_${random}`;
  return { token, hash: await sha256Hex(token), prefix: token.slice(0, 12) };
}

/** Every entry must be an address or a CIDR range; a 400 naming the first that is not. */
export function requireAllowedIps(values: readonly string[] | null | undefined): string[] | null | undefined {
  if (values === undefined || values === null) return values;
  values.forEach((value, index) => {
    if (!parseIpRange(value)) {
      throw new ApiError('validation_failed', `${JSON.stringify(value)} is not an IP address or CIDR range.`, {
        hint: 'Write addresses as 192.0.2.7 or 2001:db8::1 and ranges as 192.0.2.0/24 (no host bits set).',
        details: { field: `allowed_ips.${index}` },
      });
    }
  });
  return values.map((value) => value.trim());
}

export async function createEndpoint(
  db: Database,
  tenantId: string,
  input: { provider: FeedbackProvider; label: string; allowedIps?: string[] | null; providerConfig?: Record<string, unknown>; status?: EndpointStatus },
): Promise<{ row: EndpointRow; token: string }> {
  const { token, hash, prefix } = await newToken();
  const [row] = await db
    .insert(providerEndpoints)
    .values({
      tenantId,
      provider: input.provider,
      label: input.label,
      allowedIps: input.allowedIps ?? null,
      providerConfig: input.providerConfig ?? {},
      status: input.status ?? 'active',
      tokenHash: hash,
      tokenPrefix: prefix,
    })
    .returning();
  return { row: row!, token };
}

export function listEndpoints(db: Database, tenantId: string): Promise<EndpointRow[]> {
  return db.select().from(providerEndpoints).where(eq(providerEndpoints.tenantId, tenantId)).orderBy(asc(providerEndpoints.createdAt));
}

function notFound(id: string): ApiError {
  return new ApiError('not_found', `Provider endpoint ${id} does not exist in this workspace.`, { hint: 'List endpoints with GET /v1/provider-endpoints.' });
}

export interface EndpointChange {
  label?: string | null;
  allowedIps?: string[] | null;
  providerConfig?: Record<string, unknown>;
  status?: EndpointStatus | null;
  rotate?: boolean;
}

/** Applies a change; with `rotate` a new token replaces the old one at once and is returned, once. */
export async function updateEndpoint(db: Database, tenantId: string, id: string, change: EndpointChange): Promise<{ row: EndpointRow; token?: string }> {
  const rotated = change.rotate ? await newToken() : undefined;
  const [row] = await db
    .update(providerEndpoints)
    .set({
      ...(change.label !== undefined && { label: change.label }),
      ...(change.allowedIps !== undefined && { allowedIps: change.allowedIps }),
      ...(change.providerConfig !== undefined && { providerConfig: change.providerConfig }),
      ...(change.status !== undefined && change.status !== null && { status: change.status }),
      ...(rotated && { tokenHash: rotated.hash, tokenPrefix: rotated.prefix }),
      updatedAt: new Date(),
    })
    .where(and(eq(providerEndpoints.tenantId, tenantId), eq(providerEndpoints.id, id)))
    .returning();
  if (!row) throw notFound(id);
  return { row, token: rotated?.token };
}

export async function deleteEndpoint(db: Database, tenantId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .delete(providerEndpoints)
    .where(and(eq(providerEndpoints.tenantId, tenantId), eq(providerEndpoints.id, id)))
    .returning();
  if (!row) throw notFound(id);
  return row;
}

/** The endpoint a delivery token belongs to, whatever its workspace; null for an unknown token. */
export async function endpointByToken(db: Database, token: string): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(providerEndpoints)
    .where(eq(providerEndpoints.tokenHash, await sha256Hex(token)));
  return row ?? null;
}

export async function touchEndpoint(db: Database, id: string): Promise<void> {
  await db.update(providerEndpoints).set({ lastDeliveryAt: new Date() }).where(eq(providerEndpoints.id, id));
}
