import { describe, expect, it } from 'vitest';
import { checkGrant, checkRemoval, checkRoleChange } from './membership';

describe('membership rules', () => {
  it('lets only an owner grant the owner role', () => {
    expect(checkGrant('owner', 'owner')).toBeNull();
    expect(checkGrant('admin', 'owner')).toEqual({ kind: 'owner_only' });
    expect(checkGrant('admin', 'admin')).toBeNull();
    expect(checkGrant('admin', 'reviewer')).toBeNull();
  });

  it('never demotes the last owner, even by themselves', () => {
    expect(checkRoleChange({ actorRole: 'owner', currentRole: 'owner', newRole: 'admin', owners: 1 })).toEqual({ kind: 'last_owner' });
    expect(checkRoleChange({ actorRole: 'owner', currentRole: 'owner', newRole: 'admin', owners: 2 })).toBeNull();
  });

  it('keeps owners out of an admin reach, both ways', () => {
    expect(checkRoleChange({ actorRole: 'admin', currentRole: 'owner', newRole: 'editor', owners: 3 })).toEqual({ kind: 'owner_only' });
    expect(checkRoleChange({ actorRole: 'admin', currentRole: 'editor', newRole: 'owner', owners: 1 })).toEqual({ kind: 'owner_only' });
    expect(checkRoleChange({ actorRole: 'admin', currentRole: 'editor', newRole: 'reviewer', owners: 1 })).toBeNull();
  });

  it('treats giving the same role as no change', () => {
    expect(checkRoleChange({ actorRole: 'admin', currentRole: 'owner', newRole: 'owner', owners: 1 })).toBeNull();
  });

  it('lets anyone leave but the last owner, and only an owner remove an owner', () => {
    expect(checkRemoval({ actorRole: 'viewer', targetRole: 'viewer', owners: 1, self: true })).toBeNull();
    expect(checkRemoval({ actorRole: 'owner', targetRole: 'owner', owners: 1, self: true })).toEqual({ kind: 'last_owner' });
    expect(checkRemoval({ actorRole: 'owner', targetRole: 'owner', owners: 2, self: true })).toBeNull();
    expect(checkRemoval({ actorRole: 'admin', targetRole: 'owner', owners: 2, self: false })).toEqual({ kind: 'owner_only' });
    expect(checkRemoval({ actorRole: 'owner', targetRole: 'owner', owners: 2, self: false })).toBeNull();
    expect(checkRemoval({ actorRole: 'admin', targetRole: 'admin', owners: 1, self: false })).toBeNull();
  });
});
