import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** shared/core-js-noop (see its noop.js): twitter-text's polyfills, empty, and twitter-text still counting as X does. */
const requireFromTwitterText = createRequire(createRequire(import.meta.url).resolve('twitter-text'));
const noop = fileURLToPath(new URL('../../shared/core-js-noop/noop.js', import.meta.url));

describe("twitter-text's core-js", () => {
  it('resolves to the empty modules, the one whose feature test slows every regular expression among them', () => {
    for (const name of ['es6.regexp.split', 'es6.regexp.replace', 'es6.symbol', 'web.dom.iterable'])
      expect(requireFromTwitterText.resolve(`core-js/modules/${name}`)).toBe(noop);
  });

  it('leaves the built-ins alone and twitter-text weighing a post as X does', async () => {
    const split = String.prototype.split;
    const { default: twitterText } = await import('twitter-text');
    expect(String.prototype.split).toBe(split);
    // An emoji weighs 2, a URL 23 whatever its length, "socket.io" is a URL too, and each CJK character weighs 2.
    expect(twitterText.parseTweet('Hello 😀 https://example.com/a-very-long-url-indeed and socket.io 漢字').weightedLength).toBe(65);
  });
});
