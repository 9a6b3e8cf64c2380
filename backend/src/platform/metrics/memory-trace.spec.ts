import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('memory trace (MEMORY_TRACE_FILE)', () => {
  const saved = process.env.MEMORY_TRACE_FILE;
  afterEach(() => {
    if (saved === undefined) delete process.env.MEMORY_TRACE_FILE;
    else process.env.MEMORY_TRACE_FILE = saved;
    jest.restoreAllMocks();
  });

  /** A fresh copy of the module each time: its "failed" flag lasts the process. */
  const isolated = async (): Promise<typeof import('./memory-trace')> => {
    let module!: typeof import('./memory-trace');
    await jest.isolateModulesAsync(async () => {
      module = await import('./memory-trace');
    });
    return module;
  };

  it('appends a line with the memory figures to the file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'memory-trace-')), 'trace.log');
    process.env.MEMORY_TRACE_FILE = file;
    (await isolated()).traceMemory('phase one');
    expect(readFileSync(file, 'utf8')).toMatch(/^\S+ pid \d+ phase one rss \d+ hwm \d+ heapTotal \d+ heapUsed \d+ ext \d+ ab \d+\n$/);
  });

  it('does nothing when the variable is not set', async () => {
    delete process.env.MEMORY_TRACE_FILE;
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { traceMemory } = await isolated();
    expect(() => traceMemory('phase')).not.toThrow();
    expect(write).not.toHaveBeenCalled();
  });

  it('never throws on a path it cannot write: one line on stderr, then tracing is off', async () => {
    process.env.MEMORY_TRACE_FILE = join(tmpdir(), 'no-such-directory-for-memory-trace', 'trace.log');
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { traceMemory } = await isolated();
    expect(() => traceMemory('first')).not.toThrow();
    expect(() => traceMemory('second')).not.toThrow();
    expect(write).toHaveBeenCalledTimes(1);
    expect(String(write.mock.calls[0][0])).toMatch(/^MEMORY_TRACE_FILE: cannot append to .*trace\.log \(ENOENT.*\); memory tracing is off\n$/);
  });
});
