import { readdirSync, readFileSync } from 'node:fs';

/**
 * User + system CPU, in clock ticks of 10 ms, of every workerd process under `root` (Linux: read from /proc). With
 * `mainThread`, only each process's main thread: the one that runs the isolate, leaving out workerd's other threads.
 */
export function workerdTicks(root: number, { mainThread = false } = {}): number {
  const processes = new Map<number, { parent: number; command: string; ticks: number }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(pid), {
        parent: Number(fields[1]),
        command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended between listing and reading.
    }
  }
  const under = (pid: number): boolean => {
    for (let at = pid; at > 1; at = processes.get(at)?.parent ?? 0) if (at === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { command, ticks: own }] of processes) {
    if (command !== 'workerd' || !under(pid)) continue;
    ticks += mainThread ? mainThreadTicks(pid) : own;
  }
  return ticks;
}

function mainThreadTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    // The process ended between listing and reading.
    return 0;
  }
}
