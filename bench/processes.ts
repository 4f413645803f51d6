/** What the benchmarks that start servers as processes share. */
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process in MiB: `VmRSS` now, `VmHWM` its peak. */
export function memoryMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** CPU seconds (user and system) a process has used so far. */
export function processCpuSeconds(pid: number): number {
  return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** User and system seconds of a `/proc/.../stat` line (fields 14 and 15, counted from 1 with the pid). */
function cpuSecondsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user and system) used so far by a process's main thread and by its other threads together. */
export function threadCpuSeconds(pid: number): { main: number; others: number } {
  const out = { main: 0, others: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile
    }
    out[tid === String(pid) ? 'main' : 'others'] += cpuSecondsOf(stat);
  }
  return out;
}

/**
 * CPU seconds used so far by a process group (user and system, with its reaped children's): on a
 * machine others share, this says what a start costs better than the time on the clock.
 */
export function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name: state ppid pgrp ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 with pid.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / 100;
}
