import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A file of a project that keeps no runtime between its files (the node project) shorter than this is not spread among the
 * Workers' files: a worker that ran it starts a new runtime for its next Workers' file, which costs about as much.
 */
export const SPREAD_FROM_MS = 20_000;

/**
 * Vitest's order (slowest first), grouped by project: a worker whose next file is of the same project keeps its runtime
 * (a workerd process for launch and verify), so handing files out a project at a time starts each runtime once per worker
 * rather than once per file.
 *
 * Where the node project's files share a group of two workers or more with the Workers' files (on the embedded defaults,
 * see vitest.config.ts), they are not handed out as one block: its long files (the dev stack and the browser tests, each a
 * stack of processes of its own) took about twice as long beside each other as alone, and the run waited on them. Its short
 * files go first, before any runtime has started; each long one goes after as many Workers' files (by their last
 * durations) as the long one before it took, so that it meets Workers' files rather than another long one.
 */
export class ProjectSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const groups = [...new Set(sorted.map((file) => file.project.config.sequence.groupOrder))];
    return groups.flatMap((group) => this.spread(byProject(sorted.filter((file) => file.project.config.sequence.groupOrder === group))));
  }

  /** The files of one group, project by project, with the long files of a project that keeps no runtime spread among the rest. */
  private spread(files: TestSpecification[]): TestSpecification[] {
    const kept = files.filter((file) => file.project.config.isolate === false);
    const fresh = files.filter((file) => file.project.config.isolate !== false);
    const workers = Math.max(0, ...fresh.map((file) => file.project.config.maxWorkers || this.ctx.config.maxWorkers));
    if (kept.length === 0 || fresh.length === 0 || workers < 2) return files;
    const long = fresh.filter((file) => this.durationOf(file) >= SPREAD_FROM_MS);
    const order = fresh.filter((file) => !long.includes(file));
    let next = 0;
    let owed = 0;
    for (const file of long) {
      for (; owed > 0 && next < kept.length; next++) {
        order.push(kept[next]!);
        owed -= this.durationOf(kept[next]!);
      }
      order.push(file);
      owed = this.durationOf(file);
    }
    return [...order, ...kept.slice(next)];
  }

  /** The file's duration in the last run (as Vitest's own order reads it), 0 when unknown. */
  private durationOf(file: TestSpecification): number {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    return this.ctx.cache.getFileTestResults(key)?.duration ?? 0;
  }
}

/** Files in their order, grouped by project in the order each project first appears. */
function byProject(files: TestSpecification[]): TestSpecification[] {
  const projects = [...new Set(files.map((file) => file.project.name))];
  return projects.flatMap((project) => files.filter((file) => file.project.name === project));
}
