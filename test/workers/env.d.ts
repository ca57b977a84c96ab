import type { LaunchBindings } from '../../workers/launch/env';
import type { VerifyBindings } from '../../workers/verify/env';

declare global {
  namespace Cloudflare {
    /** The bindings tests see: the Worker's own plus the harness's extras. */
    interface Env extends LaunchBindings, VerifyBindings {
      TEST_GATED_DATABASE_URL: string;
      TEST_DATABASE_GATE_URL: string;
      TEST_WEBHOOK_RECEIVER_URL: string;
      TEST_PEERS_CONTROL_URL: string;
      TEST_SOCKS_PROXIES: string;
    }
  }
}
