import { describe, expect, it } from 'vitest';
import { withTestDb } from '../../test/workers/seed';
import { createWorkspace } from './launch-provisioning';

describe('createWorkspace', () => {
  it("gives the workspace its name's slug when it is free", async () => {
    const name = `Acme Rockets ${crypto.randomUUID().slice(0, 8)}`;
    const workspace = await withTestDb((db) => createWorkspace(db, { name }));
    expect(workspace.slug).toBe(name.toLowerCase().replace(/ /g, '-'));
  });

  it('draws a suffix for a taken slug, so workspaces of one name are all created', async () => {
    const name = `Acme Rockets ${crypto.randomUUID().slice(0, 8)}`;
    const created = await withTestDb((db) => Promise.all(Array.from({ length: 8 }, () => createWorkspace(db, { name }))));
    const slugs = created.map((workspace) => workspace.slug);
    expect(new Set(slugs).size).toBe(8);
    const base = name.toLowerCase().replace(/ /g, '-');
    expect(slugs.filter((slug) => slug === base)).toHaveLength(1);
    for (const slug of slugs) expect(slug).toMatch(new RegExp(`^${base}(-[0-9a-z]{6})?$`));
  });
});
