import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ProcessEntry {
  ppid: number;
  /** The session: a terminal's, or the one an IDE gives the command it runs. */
  sid: number;
  /** Exited, not yet collected by its parent: gone for every purpose here. */
  zombie: boolean;
}

/** One process as the system lists it, or undefined when there is none by that id. */
export function processEntry(pid: number): ProcessEntry | undefined {
  if (process.platform === 'linux') {
    try {
      // "pid (name) state ppid pgrp session …": the name may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, ppid, , sid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(ppid), sid: Number(sid), zombie: state === 'Z' };
    } catch {
      return undefined;
    }
  }
  try {
    const [ppid, sid, state] = execFileSync('ps', ['-o', 'ppid=,sess=,stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    // Where ps shows no session number, every process counts as in one session: the chain then runs to the top.
    return { ppid: Number(ppid), sid: Number(sid) || 0, zombie: state?.startsWith('Z') === true };
  } catch {
    return undefined;
  }
}

/**
 * The processes between this one and the start of its session, nearest first: under a terminal,
 * tsx, npm's shell, npm and the terminal's shell; under an IDE, up to the command it ran.
 */
export function ancestors(pid = process.pid): number[] {
  const own = processEntry(pid);
  if (!own) return [];
  const chain: number[] = [];
  for (let next = own.ppid; next > 1; ) {
    const entry = processEntry(next);
    if (!entry || entry.sid !== own.sid) break;
    chain.push(next);
    if (next === own.sid) break;
    next = entry.ppid;
  }
  return chain;
}

/**
 * Calls `onGone` once any process of `ancestors()` has exited. A wrapper killed without passing
 * the signal on (npm on SIGTERM or SIGKILL) leaves the ones below it running, still each other's
 * parent: so each link is checked, not only this process's parent. The session leader's own
 * parent is not: `setsid npm run dev` starts a stack meant to outlive the shell it came from.
 * Returns the ancestors it watches: read once, so one already gone by then is never watched.
 */
export function watchAncestors(onGone: (pid: number) => void, intervalMs: number): number[] {
  const chain = [process.pid, ...ancestors()];
  const timer = setInterval(() => {
    for (let index = 1; index < chain.length; index += 1) {
      const child = processEntry(chain[index - 1]!);
      const parent = processEntry(chain[index]!);
      if (child?.ppid !== chain[index] || !parent || parent.zombie) {
        clearInterval(timer);
        onGone(chain[index]!);
        return;
      }
    }
  }, intervalMs);
  timer.unref();
  return chain.slice(1);
}
