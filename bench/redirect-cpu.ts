/**
 * The redirect bench's CPU accounting: each thread's CPU time of a server process, read from /proc,
 * and what a run cost per answer on the main thread and on all the others. Apart from
 * redirect-load.ts because it is Linux bookkeeping that knows nothing of requests or servers.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (ms) of each thread of a process so far, by thread id, from /proc/<pid>/task/<tid>/stat; empty off Linux. */
export function threadCpuMs(pid: number): Map<number, number> {
  const times = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return times;
  }
  const tickMs = 1000 / 100; // USER_HZ: 100 on every Linux this runs on
  for (const tid of tids) {
    try {
      // The fields after the name (which may hold spaces) start at its closing parenthesis.
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime are fields 14 and 15 of stat: 12 and 13 counted from the state (field 3).
      times.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * tickMs);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return times;
}

/** CPU per answered request over a run, in µs: the main thread's, and all the others' together (workers, V8, libuv). */
export interface CpuSplit {
  mainUs: number;
  otherUs: number;
  threads: number;
}

export function cpuSplit(
  pid: number,
  before: Map<number, number>,
  after: Map<number, number>,
  requests: number,
): CpuSplit {
  let main = 0;
  let other = 0;
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0);
    if (tid === pid) main += spent;
    else other += spent;
  }
  return { mainUs: (main * 1000) / requests, otherUs: (other * 1000) / requests, threads: after.size };
}
