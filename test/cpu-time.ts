/**
 * CPU time of what `npm test` runs, for its timing table (test/run.ts): the processes it waited
 * for (/proc/self/stat's cutime and cstime: every child and grandchild once reaped) and the
 * database server (every `postgres` process, and what the server reaped of its backends). CPU
 * time, unlike wall time, barely moves when other work shares the cores. Linux only: elsewhere
 * these read zero.
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on every Linux the project runs on

/** utime, stime, cutime, cstime of a process, in milliseconds (fields 14-17 of /proc/<pid>/stat). */
function times(pid: string): { own: number; reaped: number; name: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // fields[0] is the state (field 3), so field n is fields[n - 3].
    return {
      own: (fields[11]! + fields[12]!) * TICK_MS,
      reaped: (fields[13]! + fields[14]!) * TICK_MS,
      name,
    };
  } catch {
    return null;
  }
}

/** CPU milliseconds of the children this process has waited for, so far. */
export function reapedChildrenCpuMs(): number {
  return times('self')?.reaped ?? 0;
}

/** CPU milliseconds the database server has used so far (all its processes; other clients' work included). */
export function databaseServerCpuMs(): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    const t = times(pid);
    if (t?.name.startsWith('postgres')) total += t.own + t.reaped;
  }
  return total;
}
