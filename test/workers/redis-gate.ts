import { env } from 'cloudflare:workers';

/**
 * The Upstash-protocol server behind this project's gate (test/node/global-setup.ts): bindings
 * with `redisOverGate` reach Redis through it; `redisGate('down' | 'up')` cuts and restores it
 * while other files keep using Redis directly.
 */
export const redisOverGate = { UPSTASH_REDIS_REST_URL: env.TEST_REDIS_GATED_URL };
export const redisGate = (state: 'up' | 'down') => fetch(`${env.TEST_REDIS_GATE_URL}/${state}`, { method: 'POST' });
