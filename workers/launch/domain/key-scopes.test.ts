import { describe, expect, it } from 'vitest';
import { judgeScopes } from './key-scopes';

const usage = new Map<string, ReadonlySet<string | null>>([
  ['artifact:read', new Set([null, 'workspace:use'])],
  ['post:schedule', new Set(['publishing:webhook'])],
  ['release:create', new Set(['workspace:use'])],
]);

describe('which scopes a key may be given', () => {
  it('grants a scope some operation uses, the role holds and the plan opens', () => {
    const held = new Set(['artifact:read', 'release:create', 'post:schedule']);
    expect(judgeScopes(['release:create'], usage, ['workspace:use'], held)).toEqual([{ scope: 'release:create', grantable: true }]);
  });

  it('refuses a scope no operation requires', () => {
    expect(judgeScopes(['source:write'], usage, ['workspace:use'], new Set(['source:write']))).toEqual([
      { scope: 'source:write', grantable: false, reason: 'unused' },
    ]);
  });

  it('refuses a scope the creator role does not hold, before looking at the plan', () => {
    expect(judgeScopes(['post:schedule'], usage, [], new Set(['artifact:read']))).toEqual([{ scope: 'post:schedule', grantable: false, reason: 'role' }]);
  });

  it('refuses a scope whose every operation needs a feature the plan lacks, naming the features', () => {
    expect(judgeScopes(['post:schedule'], usage, ['workspace:use'], new Set(['post:schedule']))).toEqual([
      { scope: 'post:schedule', grantable: false, reason: 'plan', requiredFeatures: ['publishing:webhook'] },
    ]);
  });

  it('grants a scope when one of its operations is open to the plan or gated on nothing', () => {
    expect(judgeScopes(['artifact:read'], usage, [], new Set(['artifact:read']))).toEqual([{ scope: 'artifact:read', grantable: true }]);
  });
});
