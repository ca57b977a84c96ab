import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { verifyQueueConsumerSetting } from './dev/wrangler-toml.js';
import { ProjectSequencer } from './test/node/project-sequencer.js';
import { quietRuntimeOutput } from './test/node/quiet-output.js';

// The runtime's debug and info lines would drown the report; VERBOSE=1 shows them.
quietRuntimeOutput();

// workerd trusts the fixture MTAs' test CA, so STARTTLS and implicit TLS verify as in production.
process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL('./test/node/fixtures/smtp/ca.pem', import.meta.url));

// The pool is imported dynamically so that settings read when miniflare first loads (such as
// NODE_EXTRA_CA_CERTS) can be set above this line before it does.
const { cloudflareTest } = await import('@cloudflare/vitest-pool-workers');

// Two test files run at a time on two cores (maxWorkers below), and each file's own background work
// (queues, crons, browsers) competes with the other's: a test that takes 1 s alone can take several.
// Timeouts only catch hangs here; speed is measured in bench/, never asserted in a test. Set per
// project because inline projects do not inherit the root's test options.
const timeouts = { testTimeout: 60_000, hookTimeout: 60_000 };

/**
 * Files that must not meet another file of their project: those that cut and restore the project's own database and Redis
 * gates (the fault and health suites), and those that fire its crons, whose sweeps reach every workspace's rows (a retention
 * or expiry sweep beside a file that lists jobs empties its list; a publisher run, its clock often set minutes ahead, claims
 * every file's due deliveries and publishes them with its own file's fakes). They run one at a time, after the rest.
 */
const ALONE_FILES = {
  launch: [
    'workers/launch/faults.test.ts',
    'workers/launch/routes/health.test.ts',
    'workers/launch/publishing/publisher.test.ts',
    'workers/launch/publishing/adapter-faults.test.ts',
    'workers/launch/connections/oauth/oauth-publishing.test.ts',
    'workers/launch/connections/secrets.test.ts',
    'workers/launch/notifications/notifications.test.ts',
    'workers/launch/routes/connections.test.ts',
    'workers/launch/routes/connections-oauth.test.ts',
    'workers/launch/routes/delivery-outcomes.test.ts',
    'workers/launch/routes/github-webhook.test.ts',
    'workers/launch/routes/sources.test.ts',
  ],
  verify: [
    'workers/verify/faults.test.ts',
    'workers/verify/operator/faults.test.ts',
    'workers/verify/routes/health.test.ts',
    'workers/verify/bulk/retention.test.ts',
    'workers/verify/bulk/webhooks.test.ts',
    'workers/verify/lists/list-interrupted.test.ts',
    'workers/verify/routes/history.test.ts',
    'workers/verify/routes/provider-deliveries.test.ts',
    'workers/verify/routes/reverification.test.ts',
    'workers/verify/suppressions/suppression-expiry.test.ts',
  ],
};

function workerProject(name: 'launch' | 'verify', part: 'shared' | 'alone' = 'shared') {
  return {
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: './wrangler.toml', environment: name },
        miniflare: {
          bindings: {
            ...inject('bindings'),
            TEST_GATED_DATABASE_URL: inject('databaseGates')[name].databaseUrl,
            TEST_DATABASE_GATE_URL: inject('databaseGates')[name].controlUrl,
            TEST_DATABASE_GATES: JSON.stringify(inject('databaseGates')),
            TEST_REDIS_GATED_URL: inject('redisGates')[name].url,
            TEST_REDIS_GATE_URL: inject('redisGates')[name].controlUrl,
            TEST_WEBHOOK_RECEIVER_URL: inject('webhookReceiverUrl'),
            // Both resolve names through the zone fixture: MX look-ups, and the SSRF guard's check of user URLs.
            DOH_URL: inject('enginePeers').dohUrl,
            ...(name === 'verify' && engineBindings(inject('enginePeers'))),
            // Amazon SNS's certificate and subscription hosts, stood in for locally.
            ...(name === 'verify' ? { SNS_ENDPOINT_OVERRIDE: inject('snsUrl') } : {}),
            // verify's legacy v0 routes are served, so the shared suites cover them; tests turn it off per call.
            ...(name === 'verify' ? { LEGACY_V0: 'true' } : {}),
            // verify's operator plane is served, so its tests reach it; tests turn it off per call.
            ...(name === 'verify' ? { OPERATOR_PLANE: 'on' } : {}),
            TEST_PAGES_PUBLIC_ORIGIN: inject('pages').publicOrigin,
            TEST_PAGES_PRIVATE_ORIGIN: inject('pages').privateOrigin,
            TEST_ONBOARDING_SITE_ORIGIN: inject('onboardingSiteOrigin'),
          },
          ...(name === 'verify' && { queueConsumers: deadLetterConsumer() }),
        },
      })),
    ],
    test: {
      name: part === 'alone' ? `${name}-alone` : name,
      ...timeouts,
      ...(part === 'alone' && { maxWorkers: 1, sequence: { groupOrder: 1 } }),
      // A runtime kept by each worker for the files of its project, not a fresh one per file: module
      // loading was half of a whole run (about 480 s of import time, 48 s without isolation). Two
      // workers may run two files of one project at once, each in its own runtime; storage is shared
      // by design anyway (one PostgreSQL), so every test makes its own tenant or workspace.
      isolate: false,
      // Keeps the pool's wrapper classes from slowing every request down as the run goes on.
      setupFiles: ['./test/workers/pool-wrappers.ts'],
      // The files that run alone are left out by negated patterns, not `exclude`: a project's own `exclude` would replace
      // the command line's (`--exclude 'workers/launch/domain/brief/**'` in .ci/run).
      include:
        part === 'alone' ? ALONE_FILES[name] : [`workers/${name}/**/*.test.ts`, `shared/**/*.${name}.test.ts`, ...ALONE_FILES[name].map((file) => `!${file}`)],
    },
  };
}

/** verify checks addresses against the local peers: the zone fixture's MTAs on loopback addresses. */
function engineBindings(peers: { gravatarUrl: string; controlUrl: string; socks: unknown; ipv6: unknown }) {
  return {
    ALLOW_PRIVATE_MX: '1',
    // Deferred bulk checks come back within seconds, each retry after a different delay.
    BULK_RETRY_DELAYS_SECONDS: '1,2,3,4',
    GRAVATAR_URL: peers.gravatarUrl,
    TEST_PEERS_CONTROL_URL: peers.controlUrl,
    TEST_SOCKS_PROXIES: JSON.stringify(peers.socks),
    TEST_IPV6_MTA: JSON.stringify(peers.ipv6),
  };
}

/**
 * verify's dead-letter consumer as wrangler.toml declares it, but handed a batch after 1 s rather
 * than its 5: a task whose last attempt failed then ends within a second or so, and a test of a
 * whole job's life does not wait out batching that a deployment uses to save invocations.
 * (Miniflare replaces the queue's whole entry, so the other settings are read from wrangler.toml.)
 */
function deadLetterConsumer() {
  const queue = 'verify-bulk-dead-letter';
  return {
    [queue]: {
      maxBatchSize: verifyQueueConsumerSetting(queue, 'max_batch_size'),
      maxRetries: verifyQueueConsumerSetting(queue, 'max_retries'),
      maxBatchTimeout: 1,
    },
  };
}

export default defineConfig({
  test: {
    globalSetup: ['./test/node/global-setup.ts'],
    // Routine request logs from the Workers would drown the report; warnings and errors still show.
    onConsoleLog: (log, type) => !(type === 'stdout' && log.includes('"level":"info"')),
    // Two files at a time, one per core: each worker keeps its runtime for the next file of the same project, so the files
    // are handed out a project at a time (test/node/project-sequencer.ts).
    maxWorkers: 2,
    sequence: { sequencer: ProjectSequencer },
    projects: [
      workerProject('launch'),
      workerProject('verify'),
      workerProject('launch', 'alone'),
      workerProject('verify', 'alone'),
      {
        test: {
          name: 'node',
          environment: 'node',
          ...timeouts,
          // On the embedded defaults, beside the shared files and two at a time like them: each stack these files start has
          // a PostgreSQL and a Redis of its own, and each test worker picks the ports of its stacks from a slice of its own
          // (dev/reaper.ts freePorts), so two files at once never both pick one; the long ones are spread among the Workers'
          // files (test/node/project-sequencer.ts). Against the machine's PostgreSQL
          // (DATABASE_URL) their stacks share the Workers' database, and each fires its Workers' crons, whose sweeps reach
          // every workspace's rows: then they run one at a time, after the shared files, as the files that run alone do.
          ...(process.env.DATABASE_URL ? { maxWorkers: 1, sequence: { groupOrder: 1 } } : {}),
          include: ['dev/**/*.test.ts', 'test/node/**/*.test.ts', ...(process.env.HARNESS_SELF_CHECK ? ['test/harness/*.test.ts'] : [])],
        },
      },
    ],
  },
});
