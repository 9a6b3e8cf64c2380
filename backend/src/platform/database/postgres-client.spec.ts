import { createServer, type AddressInfo } from 'node:net';
import { outageLog, SETTLE_MS } from '../common/outage';
import { PostgresClient } from './postgres-client';

describe('PostgresClient', () => {
  const lines: string[] = [];
  const outage = outageLog('PostgreSQL', { warn: (m) => lines.push(m) });

  afterEach(() => jest.useRealTimers());

  it('hears its own error (a pg client with none ends the process) and tells the outage log, then a new connection brings it back', () => {
    jest.useFakeTimers();
    const cut = new PostgresClient({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(() => cut.emit('error', shutdown)).not.toThrow();
    expect(outage.isDown).toBe(true);
    new PostgresClient({ connectionString: 'postgres://postgres@127.0.0.1:1/none' }).emit('connect');
    jest.advanceTimersByTime(SETTLE_MS);
    expect(outage.isDown).toBe(false);
    expect(lines).toEqual([
      'PostgreSQL is unreachable (a connection: terminating connection due to administrator command); its connections retry quietly until it is back',
      expect.stringMatching(/^PostgreSQL is back after \d+\.\d s \(1 connection error\(s\) meanwhile\)$/),
    ]);
  });

  it('tells the outage log when a connection cannot even be opened (callback and promise forms)', async () => {
    // A listener of the test's own that hangs up at once, as a Postgres going down does.
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `postgres://postgres@127.0.0.1:${(server.address() as AddressInfo).port}/none`;
    try {
      lines.length = 0;
      await expect(new PostgresClient(url).connect()).rejects.toThrow(/terminated/i);
      expect(outage.isDown).toBe(true);
      const viaCallback = await new Promise<Error | null>((resolve) => new PostgresClient(url).connect((error: Error | null) => resolve(error)));
      expect(viaCallback?.message).toMatch(/terminated/i);
      expect(lines).toHaveLength(1); // one outage, one line
    } finally {
      server.close();
    }
  });
});
