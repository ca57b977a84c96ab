import { createHash } from 'node:crypto';
import RedisMock from 'ioredis-mock';
import { CommandError, type Engine, type Outcome, type Reply } from './engine';

type KeyType = 'string' | 'hash' | 'list' | 'set' | 'zset';

/**
 * Commands the in-memory engine answers, with the type their first key must hold. ioredis-mock
 * does not raise WRONGTYPE itself (INCR on a hash silently overwrites it), so the type is checked
 * here; `null` means any type is fine. Anything not listed is refused rather than half-done.
 */
const supported: Record<string, KeyType | null> = {
  GET: 'string',
  SETNX: 'string',
  SETEX: 'string',
  PSETEX: 'string',
  GETSET: 'string',
  GETDEL: 'string',
  INCR: 'string',
  INCRBY: 'string',
  INCRBYFLOAT: 'string',
  DECR: 'string',
  DECRBY: 'string',
  APPEND: 'string',
  STRLEN: 'string',
  GETRANGE: 'string',
  SET: null,
  MGET: null,
  MSET: null,
  HGET: 'hash',
  HSET: 'hash',
  HSETNX: 'hash',
  HMSET: 'hash',
  HMGET: 'hash',
  HGETALL: 'hash',
  HDEL: 'hash',
  HEXISTS: 'hash',
  HINCRBY: 'hash',
  HINCRBYFLOAT: 'hash',
  HKEYS: 'hash',
  HVALS: 'hash',
  HLEN: 'hash',
  LPUSH: 'list',
  RPUSH: 'list',
  LPOP: 'list',
  RPOP: 'list',
  LRANGE: 'list',
  LLEN: 'list',
  LINDEX: 'list',
  LREM: 'list',
  LTRIM: 'list',
  SADD: 'set',
  SREM: 'set',
  SMEMBERS: 'set',
  SISMEMBER: 'set',
  SCARD: 'set',
  ZADD: 'zset',
  ZREM: 'zset',
  ZRANGE: 'zset',
  ZREVRANGE: 'zset',
  ZRANGEBYSCORE: 'zset',
  ZREMRANGEBYSCORE: 'zset',
  ZCARD: 'zset',
  ZSCORE: 'zset',
  ZINCRBY: 'zset',
  ZCOUNT: 'zset',
  DEL: null,
  EXISTS: null,
  EXPIRE: null,
  PEXPIRE: null,
  EXPIREAT: null,
  PEXPIREAT: null,
  TTL: null,
  PTTL: null,
  PERSIST: null,
  TYPE: null,
  KEYS: null,
  PING: null,
  ECHO: null,
  DBSIZE: null,
  TIME: null,
};

interface Mock {
  type(key: string): Promise<string>;
  eval(script: string, numKeys: number, ...args: string[]): Promise<unknown>;
  multi(commands: string[][]): { exec(): Promise<Array<[Error | null, unknown]>> };
  quit(): Promise<unknown>;
  [command: string]: unknown;
}

/** An in-memory Redis for machines with none installed; set REDIS_URL for the full command set. */
export function createMemoryEngine(): Engine {
  const mock = new RedisMock() as unknown as Mock;
  const scripts = new Map<string, string>();

  async function run(command: string[]): Promise<Reply> {
    const [rawName = '', ...args] = command;
    const name = rawName.toUpperCase();
    switch (name) {
      case 'EVAL': {
        const [script = '', numKeys = '0', ...rest] = args;
        scripts.set(sha1(script), script);
        return evaluate(script, numKeys, rest);
      }
      case 'EVALSHA': {
        const [sha = '', numKeys = '0', ...rest] = args;
        const script = scripts.get(sha.toLowerCase());
        if (!script) throw new CommandError('NOSCRIPT No matching script. Please use EVAL.');
        return evaluate(script, numKeys, rest);
      }
      case 'SCRIPT':
        return scriptCommand(args);
    }
    if (!(name in supported)) {
      throw new CommandError(`ERR unknown command '${rawName}' (not supported by the in-memory engine; set REDIS_URL to use a real Redis)`);
    }
    await checkType(name, args[0]);
    const method = mock[name.toLowerCase()];
    if (typeof method !== 'function') throw new CommandError(`ERR unknown command '${rawName}'`);
    // ioredis-mock reads SET's options (NX, PX, …) only in upper case; Redis and the Upstash client take any case.
    const options = name === 'SET' ? [...args.slice(0, 2), ...args.slice(2).map((option) => option.toUpperCase())] : args;
    try {
      return toReply(await method.apply(mock, options));
    } catch (error) {
      throw new CommandError(error instanceof Error ? error.message : String(error));
    }
  }

  async function checkType(name: string, key: string | undefined): Promise<void> {
    const expected = supported[name];
    if (!expected || key === undefined) return;
    const actual = await mock.type(key);
    if (actual !== 'none' && actual !== expected) {
      throw new CommandError('WRONGTYPE Operation against a key holding the wrong kind of value');
    }
  }

  async function evaluate(script: string, numKeys: string, args: string[]): Promise<Reply> {
    // The mock's Lua VM does not skip a `#!` line; blank it and keep the line numbers.
    const body = script.replace(/^#![^\n]*/, '');
    try {
      return toReply(await mock.eval(body, Number(numKeys), ...args));
    } catch (error) {
      throw new CommandError(`ERR Error running script: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function scriptCommand([sub = '', ...rest]: string[]): Reply {
    switch (sub.toUpperCase()) {
      case 'LOAD': {
        const script = rest[0] ?? '';
        const sha = sha1(script);
        scripts.set(sha, script);
        return sha;
      }
      case 'EXISTS':
        return rest.map((sha) => (scripts.has(sha.toLowerCase()) ? 1 : 0));
      case 'FLUSH':
        scripts.clear();
        return 'OK';
      default:
        throw new CommandError(`ERR unknown subcommand '${sub}' of SCRIPT`);
    }
  }

  // Our own awaits (the type check, the mock's promises) would let requests interleave; one queue
  // makes each command, script and transaction atomic, as in Redis.
  const exclusive = serialiser();
  return {
    run: (command) => exclusive(() => run(command)),
    transaction: (commands) =>
      exclusive(async (): Promise<Outcome[]> => {
        const outcomes: Outcome[] = [];
        for (const command of commands) {
          try {
            outcomes.push({ result: await run(command) });
          } catch (error) {
            outcomes.push({ error: error instanceof Error ? error.message : String(error) });
          }
        }
        return outcomes;
      }),
    close: async () => {
      await mock.quit();
    },
  };
}

function serialiser(): <R>(task: () => Promise<R>) => Promise<R> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const next = tail.then(task);
    tail = next.catch(() => {});
    return next;
  };
}

/** The mock answers HGETALL with an object; RESP2 sends a flat array of fields and values. */
function toReply(value: unknown): Reply {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : null;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value)) return value.map(toReply);
  if (typeof value === 'object') return Object.entries(value).flatMap(([field, item]) => [field, toReply(item)]);
  throw new CommandError(`ERR unexpected reply type ${typeof value}`);
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
