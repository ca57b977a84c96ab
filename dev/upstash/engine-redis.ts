import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { CommandError, withoutUpstashFlags, type Engine, type Outcome, type Reply } from './engine';

/** Every command goes to a real Redis, so the answers are Redis's own. */
export async function createRedisEngine(url: string): Promise<Engine> {
  const client = createClient({ url, RESP: 2 });
  client.on('error', () => {});
  await client.connect();
  // Original script SHA1 → SHA1 of the script Redis actually loaded (flags stripped).
  const shaMap = new Map<string, string>();

  function rewrite(command: string[]): string[] {
    const [name = '', ...args] = command;
    const upper = name.toUpperCase();
    if (upper === 'EVAL' && args[0] !== undefined) {
      const original = args[0];
      const loaded = withoutUpstashFlags(original);
      shaMap.set(sha1(original), sha1(loaded));
      return [name, loaded, ...args.slice(1)];
    }
    if (upper === 'EVALSHA' && args[0] !== undefined) return [name, shaMap.get(args[0].toLowerCase()) ?? args[0], ...args.slice(1)];
    if (upper === 'SCRIPT' && args[0]?.toUpperCase() === 'LOAD' && args[1] !== undefined) {
      return [name, args[0], withoutUpstashFlags(args[1])];
    }
    return command;
  }

  return {
    async run(command) {
      const [name = '', sub, script] = command;
      try {
        const reply = await client.sendCommand(rewrite(command));
        if (name.toUpperCase() === 'SCRIPT' && sub?.toUpperCase() === 'LOAD' && script !== undefined) {
          // Callers keep the SHA of the script they sent; remember where it really lives.
          const original = sha1(script);
          shaMap.set(original, String(reply));
          return original;
        }
        return toReply(reply);
      } catch (error) {
        throw asCommandError(error);
      }
    },
    async transaction(commands) {
      const multi = client.multi();
      for (const command of commands) multi.addCommand(rewrite(command));
      try {
        return (await multi.exec()).map((reply): Outcome => ({ result: toReply(reply) }));
      } catch (error) {
        const replies = (error as { replies?: unknown[] }).replies;
        if (!Array.isArray(replies)) throw asCommandError(error);
        return replies.map((reply): Outcome => (reply instanceof Error ? { error: reply.message } : { result: toReply(reply) }));
      }
    },
    close: async () => {
      await client.quit().catch(() => client.destroy());
    },
  };
}

function toReply(value: unknown): Reply {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (Array.isArray(value)) return value.map(toReply);
  throw new CommandError(`ERR unexpected reply type ${typeof value}`);
}

function asCommandError(error: unknown): CommandError {
  return error instanceof CommandError ? error : new CommandError(error instanceof Error ? error.message : String(error));
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
