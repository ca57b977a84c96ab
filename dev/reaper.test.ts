import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePorts, pickRange } from './reaper';

afterEach(() => vi.unstubAllEnvs());

describe('free ports', () => {
  it('gives each test worker running at once a slice of its own, below the ephemeral range, and anyone else the whole range', () => {
    const whole = pickRange(undefined);
    expect(whole).toEqual({ from: 20_000, to: 32_768 });
    const slices = Array.from({ length: 8 }, (_, index) => pickRange(String(index + 1)));
    for (const [index, slice] of slices.entries()) {
      expect(slice.from).toBeGreaterThanOrEqual(whole.from);
      expect(slice.to).toBeLessThanOrEqual(whole.to);
      expect(slice.to - slice.from).toBeGreaterThanOrEqual(1_000);
      for (const other of slices.slice(index + 1)) expect(slice.to <= other.from || other.to <= slice.from).toBe(true);
    }
    expect(pickRange('')).toEqual(whole);
  });

  it("picks in this worker's slice, never a port twice, not even for calls made at once", async () => {
    vi.stubEnv('VITEST_POOL_ID', '3');
    const { from, to } = pickRange('3');
    const ports = (await Promise.all(Array.from({ length: 200 }, () => freePorts(1)))).flat();
    expect(new Set(ports).size).toBe(200);
    for (const port of ports) expect(port >= from && port < to, String(port)).toBe(true);
  });

  it('leaves out the ports it is told to avoid', async () => {
    vi.stubEnv('VITEST_POOL_ID', '5');
    const { from, to } = pickRange('5');
    const even = Array.from({ length: to - from }, (_, index) => from + index).filter((port) => port % 2 === 0);
    const ports = await freePorts(50, even);
    expect(ports.filter((port) => port % 2 === 0)).toEqual([]);
  });
});
