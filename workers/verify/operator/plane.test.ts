import { describe, expect, it } from 'vitest';
import { reachesOperatorPlane } from './plane';

const on = { OPERATOR_PLANE: 'on' as const };

describe('reachesOperatorPlane', () => {
  it('takes only /v1/admin and the paths below it', () => {
    expect(reachesOperatorPlane(new URL('http://x.test/v1/admin/tenants'), on)).toBe(true);
    expect(reachesOperatorPlane(new URL('http://x.test/v1/admin'), on)).toBe(true);
    expect(reachesOperatorPlane(new URL('http://x.test/v1/administrator'), on)).toBe(false);
    expect(reachesOperatorPlane(new URL('http://x.test/v1/me'), on)).toBe(false);
  });

  it('is closed while the plane is off', () => {
    expect(reachesOperatorPlane(new URL('http://x.test/v1/admin/tenants'), { OPERATOR_PLANE: 'off' })).toBe(false);
  });

  it('answers only on the operator hostname when one is set, whatever its case', () => {
    const settings = { ...on, OPERATOR_HOSTNAME: 'ops.internal.example' };
    expect(reachesOperatorPlane(new URL('http://OPS.internal.example/v1/admin/tenants'), settings)).toBe(true);
    expect(reachesOperatorPlane(new URL('https://api.example/v1/admin/tenants'), settings)).toBe(false);
  });
});
