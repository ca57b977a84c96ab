/**
 * Checks one invocation runs at once, over however many tasks it holds: a queue batch's check
 * messages (queue/consumer.ts), or a pipeline run's tasks (pipelines/execute.ts). Imports nothing,
 * so the bench reads it as the consumer does.
 */
export const CHECKS_AT_ONCE = 10;

/** A counting semaphore: places taken in the order asked for, each given to the next waiter as it frees. */
export interface Slots {
  acquire(): Promise<void>;
  release(): void;
}

export function slots(size: number): Slots {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    acquire: () => {
      if (free > 0) {
        free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    },
  };
}
