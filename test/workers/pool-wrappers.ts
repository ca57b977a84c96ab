import { afterEach } from 'vitest';

/**
 * vitest-pool-workers (0.14, and still 0.19) makes its entrypoint and Durable Object wrappers with
 * `createProxyPrototypeClass`, whose constructor replaces `Class.prototype` with a Proxy of the
 * previous one each time it runs: every request through SELF, every queue batch, every new Durable
 * Object. A property read walks every layer, and with one runtime per project (`isolate: false`)
 * the chain grows across the whole run: a request through SELF took 28 ms at first and over 500 ms
 * after 400 more, and the whole suite spent most of its time (and a core) walking proxies.
 *
 * Every layer has the same handler, and the constructor reads `Class.prototype` synchronously, so
 * any one layer behaves as the whole chain and an instance keeps the prototype it was made with:
 * after each test, each wrapper's prototype goes back to the first layer seen. The state lives on
 * `globalThis` because this file is evaluated again for every test file of the runtime.
 */
type Wrapper = { prototype: object };
interface Layers {
  firstSeen: Map<Wrapper, object>;
  kept: Map<Wrapper, object>;
}

const state = globalThis as { __poolWrapperLayers?: Layers };
const layers = (state.__poolWrapperLayers ??= { firstSeen: new Map(), kept: new Map() });

// The wrappers live in the runner's own module, which the test files' module loader cannot
// resolve; the runtime's import() can.
const runtimeImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;
const wrappers = Object.values(await runtimeImport('/index.mjs')).filter((value): value is Wrapper => typeof value === 'function');

afterEach(() => {
  for (const wrapper of wrappers) {
    const kept = layers.kept.get(wrapper);
    if (kept) {
      wrapper.prototype = kept;
    } else if (!layers.firstSeen.has(wrapper)) {
      layers.firstSeen.set(wrapper, wrapper.prototype);
    } else if (wrapper.prototype !== layers.firstSeen.get(wrapper)) {
      // Constructed at least once since first seen: this prototype is a layer with the handler.
      layers.kept.set(wrapper, wrapper.prototype);
    }
  }
});
