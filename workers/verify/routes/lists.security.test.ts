import { eq } from 'drizzle-orm';
import { comments, listExports } from '../../../shared/db/schema';
import { seedList } from '../../../test/workers/list-flow';
import { newId } from '../../../shared/ids';
import { describeSecurity } from '../../../test/workers/security-suite';
import { withTestDb } from '../../../test/workers/seed';

const lists = { service: 'verify', scopes: ['lists'], feature: 'lists' } as const;
const ownList =
  (suffix = '') =>
  async (workspace: { id: string }) =>
    `/v1/lists/${(await seedList(workspace.id)).id}${suffix}`;

describeSecurity({
  ...lists,
  method: 'POST',
  path: '/v1/lists',
  body: { name: 'x', sandbox: true, rows: [{ email: 'jane@example.com' }] },
  takesText: 'rows.0.email',
});
describeSecurity({ ...lists, method: 'GET', path: '/v1/lists' });
describeSecurity({ ...lists, method: 'GET', path: ownList(), ownsResource: true });
describeSecurity({ ...lists, method: 'DELETE', path: ownList(), ownsResource: true });
describeSecurity({ ...lists, method: 'GET', path: ownList('/quality'), ownsResource: true });
describeSecurity({ ...lists, method: 'GET', path: ownList('/download'), ownsResource: true });

const commentOnOwnList = async (workspace: { id: string }) => {
  const list = await seedList(workspace.id);
  const [comment] = await withTestDb((db) =>
    db.insert(comments).values({ tenantId: workspace.id, listId: list.id, body: 'hi', createdBy: 'test' }).returning(),
  );
  return `/v1/comments/${comment!.id}`;
};
describeSecurity({ ...lists, method: 'POST', path: '/v1/comments', body: { body: 'hi', list_id: 1 } });
describeSecurity({ ...lists, method: 'GET', path: async (workspace) => `/v1/comments?list_id=${(await seedList(workspace.id)).id}`, ownsResource: true });
describeSecurity({ ...lists, method: 'DELETE', path: commentOnOwnList, ownsResource: true });

describeSecurity({ ...lists, method: 'POST', path: ownList('/remediation-plan'), ownsResource: true });
describeSecurity({ ...lists, method: 'GET', path: ownList('/remediation-plan'), ownsResource: true });
describeSecurity({ ...lists, method: 'POST', path: ownList('/remediation-exports'), body: { groups: ['invalid'] }, ownsResource: true });
describeSecurity({
  ...lists,
  method: 'GET',
  path: async (workspace) => {
    const list = await seedList(workspace.id);
    await withTestDb((db) => db.insert(listExports).values({ id: newId('rex'), listId: list.id, tenantId: workspace.id, groups: ['invalid'], rowsTotal: 1 }));
    const [row] = await withTestDb((db) => db.select().from(listExports).where(eq(listExports.listId, list.id)));
    return `/v1/lists/${list.id}/remediation-exports/${row!.id}/download`;
  },
  ownsResource: true,
});

describeSecurity({ ...lists, method: 'GET', path: '/v1/sources/quality' });
describeSecurity({ service: 'verify', method: 'GET', path: '/v1/query', scopes: ['verify'], feature: 'verify' });
describeSecurity({
  service: 'verify',
  method: 'GET',
  path: async (workspace) => `/v1/query?list_id=${(await seedList(workspace.id)).id}`,
  scopes: ['verify'],
  feature: 'verify',
  ownsResource: true,
});
