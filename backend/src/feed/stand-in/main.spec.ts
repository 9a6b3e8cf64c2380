import { join } from 'node:path';
import { runStandIn } from './main';

const WORLD_CUP = join(__dirname, '../../../data/openfootball/2026/worldcup.json');

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('the stand-in CLI', () => {
  it('refuses a bad command line with one clear line and the usage, exit 2', async () => {
    const { err, io: sink } = io();
    expect(await runStandIn(['--speed', '-1'], sink)).toEqual({ standIn: null, exitCode: 2 });
    expect(err[0]).toMatch(/^stand-in: --speed expects a number above 0 and at most 10000, got "-1"\n\n.*football-data\.org v4 stand-in/s);
  });

  it('refuses a file it cannot replay, exit 2', async () => {
    const { err, io: sink } = io();
    expect(await runStandIn(['--port', '0', '--replay', 'WC=/nowhere/worldcup.json@0'], sink)).toEqual({ standIn: null, exitCode: 2 });
    expect(err[0]).toMatch(/^stand-in: \/nowhere\/worldcup\.json cannot be read/);
  });

  it('serves the replayed files and logs each request', async () => {
    const { out, io: sink } = io();
    const { standIn, exitCode } = await runStandIn(['--port', '0', '--replay', `WC=${WORLD_CUP}@0`, '--speed', '2'], sink);
    try {
      expect(exitCode).toBe(0);
      expect(out).toContain(`football-data stand-in listening on ${standIn!.url}`);
      expect(out.some((l) => /^replay WC: .*104 matches \(0 refused\).*speed 2$/.test(l))).toBe(true);
      const res = await fetch(`${standIn!.url}/competitions/WC/matches?dateFrom=2026-07-19&dateTo=2026-07-19`);
      expect(res.status).toBe(200);
      expect(out).toContain('GET /v4/competitions/WC/matches?dateFrom=2026-07-19&dateTo=2026-07-19 200');
    } finally {
      await standIn?.stop();
    }
  });
});
