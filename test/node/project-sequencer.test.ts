import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { ProjectSequencer } from './project-sequencer';

interface Project {
  name: string;
  config: { isolate: boolean; maxWorkers?: number; sequence: { groupOrder: number } };
}

/** A sequencer over a run whose cache holds `durations` (seconds by `project:path`), with two workers. */
function sequencer(durations: Map<string, number>) {
  const ctx = {
    config: { root: '/repo', maxWorkers: 2 },
    cache: {
      getFileTestResults: (key: string) => (durations.has(key) ? { duration: durations.get(key)! * 1000, failed: false } : undefined),
      getFileStats: () => ({ size: 1 }),
    },
  };
  return new ProjectSequencer(ctx as unknown as Vitest);
}

const project = (name: string, isolate: boolean, groupOrder = 0, maxWorkers?: number): Project => ({
  name,
  config: { isolate, maxWorkers, sequence: { groupOrder } },
});

/** Files named by their project and last duration in seconds ("launch 100"), in the given order. */
function files(durations: Map<string, number>, specs: Array<[Project, number]>): TestSpecification[] {
  return specs.map(([owner, seconds], index) => {
    const path = `${owner.name}-${index}.test.ts`;
    durations.set(`${owner.name}:${path}`, seconds);
    return { project: owner, moduleId: `/repo/${path}` } as unknown as TestSpecification;
  });
}

const named = (sorted: TestSpecification[], durations: Map<string, number>) =>
  sorted.map((file) => `${file.project.name} ${durations.get(`${file.project.name}:${file.moduleId.slice('/repo/'.length)}`)}`);

describe('the order files are handed out in', () => {
  const launch = project('launch', false);
  const verify = project('verify', false);

  it("is the Workers' files a project at a time, slowest first", async () => {
    const durations = new Map<string, number>();
    const input = files(durations, [
      [verify, 5],
      [launch, 10],
      [verify, 30],
      [launch, 60],
    ]);
    expect(named(await sequencer(durations).sort(input), durations)).toEqual(['launch 60', 'launch 10', 'verify 30', 'verify 5']);
  });

  it("spreads the node project's long files among the Workers' files, its short ones first, when two run at once", async () => {
    const durations = new Map<string, number>();
    const node = project('node', true);
    const input = files(durations, [
      [node, 150],
      [node, 130],
      [node, 60],
      [node, 5],
      [node, 3],
      ...[100, 60, 50, 40, 30, 20, 10].map((seconds): [Project, number] => [launch, seconds]),
      [verify, 30],
      [verify, 20],
    ]);
    expect(named(await sequencer(durations).sort(input), durations)).toEqual([
      'node 5',
      'node 3',
      'node 150',
      // Until the Workers' files handed out add up to the 150 s of the long file before.
      'launch 100',
      'launch 60',
      'node 130',
      'launch 50',
      'launch 40',
      'launch 30',
      'launch 20',
      'node 60',
      'launch 10',
      'verify 30',
      'verify 20',
    ]);
  });

  it('keeps the node project a block of its own when its files run one at a time, as against real servers', async () => {
    const durations = new Map<string, number>();
    const node = project('node', true, 1, 1);
    const launchAlone = project('launch-alone', false, 1, 1);
    const input = files(durations, [
      [node, 150],
      [launch, 20],
      [launchAlone, 40],
      [node, 5],
      [launch, 30],
    ]);
    expect(named(await sequencer(durations).sort(input), durations)).toEqual(['launch 30', 'launch 20', 'launch-alone 40', 'node 150', 'node 5']);
  });
});
