import { readdirSync, readFileSync } from 'node:fs';

// Linux reports process CPU time in clock ticks; USER_HZ is 100 on every mainstream build.
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may itself contain spaces). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU seconds a process has used so far. */
function cpuOf(pid: number): number {
  const f = statFields(pid);
  // After the name: [0] state, [1] ppid, … [11] utime, [12] stime.
  return (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND;
}

function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (statFields(Number(entry))[1] === String(pid)) kids.push(Number(entry));
    } catch {
      // The process ended between readdir and read.
    }
  }
  return kids;
}

/**
 * CPU seconds used by a process and its direct children (nginx's master and its worker).
 * This is the figure that survives a busy machine: req/s and latency shrink when other programs
 * take the cores, but the CPU time one request costs the server stays roughly the same.
 */
export function cpuSeconds(pid: number): number {
  return [pid, ...childrenOf(pid)].reduce((sum, p) => {
    try {
      return sum + cpuOf(p);
    } catch {
      return sum;
    }
  }, 0);
}
