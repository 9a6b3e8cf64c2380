import { readFile } from 'node:fs/promises';
import type { DataSource } from 'typeorm';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) of a /proc/<pid>/stat line: fields 14 and 15, counted after
 * the command name, which is in parentheses and may itself hold spaces.
 */
export function procStatCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU so far of this process and of the Postgres backends serving its database, by pid. */
export interface CpuSnapshot {
  processMs: number;
  backends: Map<number, number>;
}

/**
 * The server side's CPU: this process (the API; the load generator runs in its own) and its
 * database's backends when Postgres runs on this machine (/proc readable; otherwise none).
 * CPU per request holds still on a shared machine where latency does not.
 */
export async function cpuSnapshot(db: DataSource): Promise<CpuSnapshot> {
  const { user, system } = process.cpuUsage();
  const pids: { pid: number }[] = await db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`);
  const backends = new Map<number, number>();
  for (const { pid } of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
    if (stat) backends.set(pid, procStatCpuMs(stat));
  }
  return { processMs: (user + system) / 1000, backends };
}

/** CPU ms spent between two snapshots: the process, and its backends (one that closed meanwhile is missed; one that opened counts whole). */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): { processMs: number; postgresMs: number } {
  let postgresMs = 0;
  for (const [pid, ms] of after.backends) postgresMs += ms - (before.backends.get(pid) ?? 0);
  return { processMs: after.processMs - before.processMs, postgresMs };
}
