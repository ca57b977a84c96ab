import type { DataStackBindings } from '../../dev/data-stack';
import { startWorker, type WorkerProcess } from '../../dev/workers';

/**
 * The bare baseline Worker (worker.ts) as the benchmarks run it, with the runtime's inspector off.
 * `routed` deploys it with static assets, as the verify and launch Workers are
 * (wrangler.assets.toml), so each request first crosses the platform's asset router as theirs do.
 */
export function startBareWorker(options: { port: number; bindings: DataStackBindings; stateDir: string; routed?: boolean }): WorkerProcess {
  return startWorker({
    name: options.routed ? 'bench-bare-assets' : 'bench-bare',
    configPath: options.routed ? 'bench/bare/wrangler.assets.toml' : 'bench/bare/wrangler.toml',
    port: options.port,
    inspectorPort: null,
    vars: { ...options.bindings },
    stateDir: options.stateDir,
    log: () => {},
  });
}
