import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import type { WorkerProcess } from '../dev/workers';

/**
 * The memory of a Worker: the resident set of its workerd process (wrangler starts workerd in the
 * process group `startWorker` creates), and, when the runtime has an inspector, the V8 heap of the
 * Worker's isolate after a full garbage collection, asked of it.
 */

export interface MemorySample {
  /** workerd's resident set, MiB. */
  rssMiB: number;
  /** The isolate's used heap right after a full GC, MiB; null with no inspector or none answering. */
  heapAfterGcMiB: number | null;
}

const MiB = 2 ** 20;

/**
 * The workerd process running the Worker in the process group `groupId` (started detached). wrangler
 * runs two: its own proxy in front, which serves the Worker's port, and the Worker's runtime: under
 * `wrangler dev` the one started with an inspector address; with the inspector off
 * (dev/worker-runner.ts) the one that does not serve `port`.
 */
function workerdRuntime(groupId: number, port: number): { pid: number; inspected: boolean } | null {
  const runtimes: Array<{ pid: number; args: string[] }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command: state, ppid, pgrp, …
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp !== groupId || command !== 'workerd') continue;
      runtimes.push({ pid: Number(entry), args: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch {
      // The process ended while the list was read.
    }
  }
  const inspected = runtimes.find(({ args }) => args.some((arg) => arg.startsWith('--inspector-addr')));
  if (inspected) return { pid: inspected.pid, inspected: true };
  const runtime = runtimes.filter(({ args }) => !args.some((arg) => arg.endsWith(`:${port}`)));
  return runtime.length === 1 ? { pid: runtime[0]!.pid, inspected: false } : null;
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/**
 * The ports `pid` listens on (from `ss`). The runtime's own inspector is asked directly rather than
 * through wrangler's inspector proxy (--inspector-port): a second session through the proxy was
 * seen to stall it, and wrangler's HTTP proxy with it.
 */
function listeningPorts(pid: number): number[] {
  const lines = execFileSync('ss', ['-tlnpH'], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes(`pid=${pid},`)).map((line) => Number(line.split(/\s+/)[3]!.split(':').pop()));
}

async function inspectorUrl(pid: number): Promise<string | null> {
  for (const port of listeningPorts(pid)) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json`, { signal: AbortSignal.timeout(2_000) })).json()) as Array<{
        id?: string;
        webSocketDebuggerUrl?: string;
      }>;
      // The Worker's own isolate; miniflare's helper Workers have isolates of their own.
      const url = targets.find((target) => target.id?.startsWith('core:user:'))?.webSocketDebuggerUrl;
      if (url) return url;
    } catch {
      // Not the inspector: a Worker's or a Durable Object's port.
    }
  }
  return null;
}

/**
 * Runs a full GC in the Worker's isolate and reads its heap, through the DevTools protocol.
 * workerd answers the inspector only while the isolate runs something, so `wake` (a request to
 * the Worker) goes out with each command.
 */
async function heapAfterGc(pid: number, wake: () => Promise<unknown>): Promise<number | null> {
  try {
    const url = await inspectorUrl(pid);
    if (!url) return null;
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    let nextId = 0;
    const call = (method: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const id = ++nextId;
        const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 10_000);
        const onMessage = (data: WebSocket.RawData) => {
          const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: unknown };
          if (message.id !== id) return;
          clearTimeout(timer);
          socket.off('message', onMessage);
          if (message.error) reject(new Error(JSON.stringify(message.error)));
          else resolve(message.result ?? {});
        };
        socket.on('message', onMessage);
        socket.send(JSON.stringify({ id, method }));
        void wake().catch(() => {});
      });
    try {
      await call('HeapProfiler.collectGarbage');
      const usage = await call('Runtime.getHeapUsage');
      return Number(usage.usedSize) / MiB;
    } finally {
      socket.close();
    }
  } catch {
    return null;
  }
}

export async function sampleMemory(worker: WorkerProcess, wake: () => Promise<unknown>): Promise<MemorySample> {
  const groupId = worker.child.pid!;
  const runtime = workerdRuntime(groupId, Number(new URL(worker.url).port));
  if (runtime === null) throw new Error(`no workerd process in process group ${groupId}`);
  const { pid } = runtime;
  // The inspector's first session after a quiet spell was seen to go unanswered: ask up to three times.
  let heap: number | null = null;
  for (let attempt = 0; runtime.inspected && attempt < 3 && heap === null; attempt++) heap = await heapAfterGc(pid, wake);
  return { rssMiB: rssMiB(pid), heapAfterGcMiB: heap };
}
