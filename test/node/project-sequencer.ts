import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (slowest first), grouped by project: a worker whose next file is of the same project keeps its runtime
 * (a workerd process for launch and verify), so handing files out a project at a time starts each runtime once per worker
 * rather than once per file.
 */
export class ProjectSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((project) => sorted.filter((file) => file.project.name === project));
  }
}
