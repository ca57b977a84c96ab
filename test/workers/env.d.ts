import type { LaunchBindings } from '../../workers/launch/env';
import type { VerifyBindings } from '../../workers/verify/env';

declare global {
  namespace Cloudflare {
    /** The bindings tests see: the Worker's own plus the harness's extras. */
    interface Env extends LaunchBindings, VerifyBindings {
      TEST_GATED_DATABASE_URL: string;
      TEST_DATABASE_GATE_URL: string;
      /** Every database gate by name, as JSON (test/workers/database-gate.ts reads it). */
      TEST_DATABASE_GATES: string;
      /** UPSTASH_REDIS_REST_URL through a gate, and the gate's control URL (test/workers/redis-gate.ts). */
      TEST_REDIS_GATED_URL: string;
      TEST_REDIS_GATE_URL: string;
      TEST_WEBHOOK_RECEIVER_URL: string;
      TEST_PEERS_CONTROL_URL: string;
      TEST_SOCKS_PROXIES: string;
      /** The IPv6 fixture MTAs on ::1 and the free port they listen on, as JSON (test/workers/engine-peers.ts reads it). */
      TEST_IPV6_MTA: string;
      /** The local page server by a public fixture name (Chromium maps it to this machine) and by 127.0.0.1. */
      TEST_PAGES_PUBLIC_ORIGIN: string;
      TEST_PAGES_PRIVATE_ORIGIN: string;
      /** The onboarding fixture site (test/node/fixtures/onboarding), by 127.0.0.1. */
      TEST_ONBOARDING_SITE_ORIGIN: string;
      /** The release-intake stand-in (dev/intake-stand-in.ts), by 127.0.0.1. */
      TEST_INTAKE_URL: string;
      /** The fake networks (dev/networks/), by 127.0.0.1. */
      TEST_BLUESKY_URL: string;
      TEST_MASTODON_URL: string;
    }
  }
}
