import { unstable_startWorker } from 'wrangler';

/**
 * Runs one Worker the way `wrangler dev` does, through wrangler's programmatic API, with the
 * devtools inspector off. `wrangler dev` always enables the runtime's Network and Runtime inspector
 * domains and relays every event (each outbound fetch, each console line) to its Node process:
 * about 5 ms of CPU per fetch and per log line (bench/RESULTS.md, "where the CPU goes"). A deployed
 * Worker pays none of it, so the benchmarks run their Workers here. Started by `startWorker` with
 * `inspectorPort: null`; the options come as one JSON argument, the settings in an env file as for
 * `wrangler dev`.
 */
interface RunnerOptions {
  configPath?: string;
  env?: string;
  port: number;
  envFile: string;
  persistTo: string;
}

const options = JSON.parse(process.argv[2] ?? '{}') as RunnerOptions;
const worker = await unstable_startWorker({
  config: options.configPath ?? 'wrangler.toml',
  env: options.env,
  envFiles: [options.envFile],
  // The CLI derives this from the config's `nodejs_compat` flag; the programmatic API does not.
  build: { nodejsCompatMode: 'v2' },
  dev: {
    inspector: false,
    remote: false,
    server: { hostname: '127.0.0.1', port: options.port },
    persist: options.persistTo,
    testScheduled: true,
    logLevel: 'log',
    watch: false,
  },
});
// The server answers once the bundle is built; callers wait for the Worker's health route.
await worker.ready;

const stop = () => {
  void worker.dispose().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
