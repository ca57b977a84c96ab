import { describe, expect, it } from 'vitest';
import { numberMayBreak, shownVersion, versionStep } from './version';

describe('versionStep', () => {
  it.each([
    ['7.0.0', 'major', false],
    ['v2', 'major', false],
    ['2.0', 'major', false],
    ['astro@5.0.0', 'major', false],
    ['@azure/msal-node_v2.0.0', 'major', false],
    ['@griffel/core_v1.21.0', 'minor', false],
    ['5.0.0-alpha.17', 'major', false],
    ['7.1.0', 'minor', false],
    ['go1.24', 'minor', false],
    ['0.140.0', 'minor', true],
    ['0.14', 'minor', true],
    ['7.1.2', 'patch', false],
    ['0.14.2', 'patch', true],
    ['3.49-18', 'patch', false],
    ['3.0.0-1', 'major', false],
    ['3.5.2-1', 'patch', false],
    ['12.0.0+1', 'patch', false],
    ['15.0.0-1', 'major', false],
    ['1.2.0+build.5', 'minor', false],
    ['2.2.0.0', 'major', false],
    ['0.20.3.0', 'minor', false],
    ['2.16.45.1', 'patch', false],
  ])('reads %s as a %s step', (version, step, beforeOne) => {
    expect(versionStep(version)).toEqual({ step, beforeOne });
  });

  it('names no step for a year or a build number standing alone, or a name', () => {
    for (const version of ['2026', '100', 'nightly', '']) expect(versionStep(version)).toBeNull();
  });
});

describe('numberMayBreak', () => {
  it('is true of a major and of a minor before 1.0, not of a minor or a patch', () => {
    expect(['8.0.0', 'v3', '0.16.0', '2.2.0.0'].map(numberMayBreak)).toEqual([true, true, true, true]);
    expect(['8.1.0', '0.16.1', '0.20.3.0', '2026'].map(numberMayBreak)).toEqual([false, false, false, false]);
  });
});

describe('shownVersion', () => {
  it.each([
    ['Release/22.0.0', '22.0.0'],
    ['debian/0.9.37', '0.9.37'],
    ['v2_03_39', 'v2.03.39'],
    ['REL-18_00_0002', '18.00.0002'],
    ['REL_16_2', '16.2'],
    ['NSS_3_118_RTM', '3.118'],
    ['slurm-23-02-7-1', '23.02.7-1'],
    ['@griffel/core_v1.21.0', 'v1.21.0'],
    ['2024-06-01', '2024-06-01'],
    ['v1.2.3', 'v1.2.3'],
    ['android/2025.10-beta2', 'android/2025.10-beta2'],
    ['v1.63.0/v0.157.0', 'v1.63.0/v0.157.0'],
  ])('shows %s as %s', (tag, shown) => {
    expect(shownVersion(tag)).toBe(shown);
  });
});
