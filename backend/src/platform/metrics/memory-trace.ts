import { appendFileSync, readFileSync } from 'node:fs';

/**
 * A diagnostic (MEMORY_TRACE_FILE=<path>): this process's memory every `everyMs`, and, for a BullMQ
 * worker's jobs, RSS around each one, appended to the file as lines. Off unless the variable is set.
 */
export function memoryTraceFile(): string | null {
  return process.env.MEMORY_TRACE_FILE || null;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The process's peak RSS (Linux's VmHWM); NaN where /proc is not there. */
function peakRssMb(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return hwm ? Math.round(Number(hwm[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** Set once a write failed: a diagnostic must never take the process down (it runs in timers and job events). */
let failed = false;

export function memoryLine(what: string): string {
  const m = process.memoryUsage();
  return `${new Date().toISOString()} pid ${process.pid} ${what} rss ${mb(m.rss)} hwm ${peakRssMb()} heapTotal ${mb(m.heapTotal)} heapUsed ${mb(m.heapUsed)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`;
}

export function traceMemory(what: string): void {
  const file = memoryTraceFile();
  if (!file || failed) return;
  try {
    appendFileSync(file, `${memoryLine(what)}\n`);
  } catch (error) {
    failed = true;
    process.stderr.write(`MEMORY_TRACE_FILE: cannot append to ${file} (${(error as Error).message}); memory tracing is off\n`);
  }
}

/** Samples every `everyMs` while the process lives (unref'd timer). */
export function startMemoryTrace(label: string, everyMs = 1000): void {
  if (!memoryTraceFile()) return;
  setInterval(() => traceMemory(`${label} tick`), everyMs).unref();
}
