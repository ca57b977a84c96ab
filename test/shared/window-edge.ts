/**
 * Waits, when needed, until at least `neededMs` remain in the current epoch-aligned window of
 * `windowMs`. Rate limiters with such windows (@upstash/ratelimit's) rightly count calls that
 * straddle a window's end in two windows, so a test that counts to a limit starts well inside one.
 */
export async function awayFromWindowEnd(windowMs: number, neededMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
