import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../shared/db/client';
import { tenantDomains } from '../../../shared/db/schema';
import { ApiError } from '../../../shared/http/api-error';

type DomainRow = typeof tenantDomains.$inferSelect;

/** Lower-case ASCII (IDNs to punycode), or undefined when it is not a host name. */
export function normalizeDomain(input: string): string | undefined {
  const trimmed = input.trim().replace(/\.$/, '');
  if (!trimmed || trimmed.length > 253 || /[\s/:@?#[\]\\]/.test(trimmed)) return undefined;
  let host: string;
  try {
    host = new URL(`http://${trimmed}`).hostname;
  } catch {
    return undefined;
  }
  const labels = host.split('.');
  const valid = labels.length >= 2 && labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/.test(label)) && !/^\d+$/.test(labels.at(-1)!);
  return valid ? host : undefined;
}

export function requireDomain(input: string, field: string): string {
  const domain = normalizeDomain(input);
  if (domain) return domain;
  throw new ApiError('validation_failed', `${field} is not a valid domain name.`, { hint: 'Send a domain such as example.com.', details: { field } });
}

export function domainView(row: DomainRow) {
  return {
    domain: row.domain,
    is_active: row.isActive,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function listDomains(db: Database, tenantId: string) {
  return db.select().from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId)).orderBy(asc(tenantDomains.domain));
}

export async function getDomain(db: Database, tenantId: string, domain: string): Promise<DomainRow> {
  const [row] = await db
    .select()
    .from(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.domain, domain)));
  if (!row) throw notFound(domain);
  return row;
}

export async function createDomain(db: Database, tenantId: string, input: { domain: string; isActive?: boolean | null; notes?: string | null }) {
  const [row] = await db
    .insert(tenantDomains)
    .values({ tenantId, domain: input.domain, isActive: input.isActive ?? true, notes: input.notes ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError('conflict', `${input.domain} is already registered.`, { hint: 'Update it with PATCH /v1/me/domains/{domain}.' });
  return row;
}

export async function updateDomain(db: Database, tenantId: string, domain: string, change: { isActive?: boolean | null; notes?: string | null }) {
  const [row] = await db
    .update(tenantDomains)
    .set({
      ...(change.isActive !== undefined && { isActive: change.isActive ?? true }),
      ...(change.notes !== undefined && { notes: change.notes }),
      updatedAt: new Date(),
    })
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.domain, domain)))
    .returning();
  if (!row) throw notFound(domain);
  return row;
}

export async function deleteDomain(db: Database, tenantId: string, domain: string): Promise<DomainRow> {
  const [row] = await db
    .delete(tenantDomains)
    .where(and(eq(tenantDomains.tenantId, tenantId), eq(tenantDomains.domain, domain)))
    .returning();
  if (!row) throw notFound(domain);
  return row;
}

function notFound(domain: string): ApiError {
  return new ApiError('not_found', `${domain} is not registered in this workspace.`, { hint: 'List domains with GET /v1/me/domains.' });
}
