/** A body read up to a cap: never more than `cap` bytes are kept, and reading stops once past it. */
export interface CappedBody {
  bytes: Uint8Array<ArrayBuffer>;
  /** The body held more than the cap; `bytes` is its first `cap` bytes. */
  overflow: boolean;
  /** The deadline came first; `bytes` is what arrived before it. */
  timedOut: boolean;
}

/**
 * Reads a body, stopping as soon as it passes `cap` bytes (a missing or false Content-Length
 * cannot get past it) or when `deadline` (an epoch-ms instant or an abort signal) comes.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number, deadline?: number | AbortSignal): Promise<CappedBody> {
  if (!body) return { bytes: new Uint8Array(), overflow: false, timedOut: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let pending = false;
  try {
    while (size <= cap) {
      pending = true;
      const result = await beforeDeadline(reader.read(), deadline);
      if (result === null) return { bytes: concat(chunks, size), overflow: false, timedOut: true };
      pending = false;
      if (result.done) return { bytes: concat(chunks, size), overflow: false, timedOut: false };
      chunks.push(result.value);
      size += result.value.byteLength;
    }
    return { bytes: concat(chunks, size).slice(0, cap), overflow: true, timedOut: false };
  } finally {
    // Cancelling under a read still waiting (a server that stalls) rejects inside the runtime,
    // where nobody can catch it; such a body is dropped when the request ends instead.
    if (!pending) reader.cancel().catch(() => {});
  }
}

/** The promise's value, or null once the deadline passes. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number | AbortSignal | undefined): Promise<T | null> {
  if (deadline === undefined) return promise;
  const passed = typeof deadline === 'number' ? deadline <= Date.now() : deadline.aborted;
  if (passed) {
    promise.catch(() => {});
    return Promise.resolve(null);
  }
  return new Promise<T | null>((resolve, reject) => {
    const onDeadline = () => resolve(null);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (typeof deadline === 'number') timer = setTimeout(onDeadline, deadline - Date.now());
    else deadline.addEventListener('abort', onDeadline, { once: true });
    promise.then(resolve, reject).finally(() => {
      if (timer !== undefined) clearTimeout(timer);
      else if (typeof deadline !== 'number') deadline.removeEventListener('abort', onDeadline);
    });
  });
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
