import { describe, expect, it } from 'vitest';
import { HOST_OUTCOMES, hostDeadline, passesToNextHost, type HostOutcome } from './mx-attempts';

describe('hostDeadline: each MX host’s share of the time left', () => {
  it('gives the last host all the time left', () => {
    expect(hostDeadline(1_000, 31_000, 1)).toBe(31_000);
  });

  it('gives a host with others after it half, so a silent one leaves the next as much as it took', () => {
    expect(hostDeadline(1_000, 31_000, 2)).toBe(16_000);
    expect(hostDeadline(1_000, 31_000, 5)).toBe(16_000);
    // What the silent first host left: the second, now the last, gets all of it.
    expect(hostDeadline(16_000, 31_000, 1)).toBe(31_000);
  });

  it('gives nothing once the check’s time is up', () => {
    expect(hostDeadline(32_000, 31_000, 2)).toBe(32_000);
  });
});

describe('passesToNextHost: what a sending MTA moves on after', () => {
  const moves: Record<HostOutcome, boolean> = {
    replied: false,
    no_address: true,
    unreachable: true,
    timeout: true,
    dropped: true,
    failed: false,
    tls_unverifiable: false,
  };

  it.each(HOST_OUTCOMES.map((outcome) => [outcome, moves[outcome]] as const))('%s → %s', (outcome, expected) => {
    expect(passesToNextHost(outcome)).toBe(expected);
  });
});
