import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { disown, freePort, own } from '../../support/owned-processes';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed the Debian way. */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  if (versions.length === 0) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin (Debian package postgresql)');
  versions.sort((a, b) => Number(b) - Number(a));
  return join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL cluster of the test's own (own port, own data directory; never the shared
 * 5432), so it can be stopped and restarted under the app. PostgreSQL refuses to run as root,
 * so as root its tools run as the `postgres` user through runuser.
 * track_commit_timestamp is on: the deadline scenario reads each row's commit time.
 */
export class PrivatePostgres {
  private readonly bin = postgresBin();
  private readonly dir = mkdtempSync(join(tmpdir(), 'scoreline-faults-pg-'));
  private readonly dataDir = join(this.dir, 'data');
  private pid: number | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivatePostgres> {
    const pg = new PrivatePostgres(await freePort());
    if (userInfo().uid === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      const { stdout: gid } = await run('id', ['-g', 'postgres']);
      chownSync(pg.dir, Number(stdout.trim()), Number(gid.trim()));
    }
    await pg.tool('initdb', ['-D', pg.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
    await pg.start();
    return pg;
  }

  /** A URL of a database on this cluster. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  private tool(name: string, args: string[]) {
    const path = join(this.bin, name);
    return userInfo().uid === 0 ? run('runuser', ['-u', 'postgres', '--', path, ...args]) : run(path, args);
  }

  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c track_commit_timestamp=on',
      '-c fsync=off',
      '-c max_connections=200',
    ].join(' ');
    await this.tool('pg_ctl', ['-D', this.dataDir, '-l', join(this.dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
    this.pid = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    own(this.pid, `postgres :${this.port}`);
  }

  /** A fast shutdown: every connection is cut, as in a failover or a restart for an upgrade. */
  async stop(): Promise<void> {
    if (this.pid === undefined) return;
    try {
      await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    } catch {
      try {
        process.kill(this.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    disown(this.pid);
    this.pid = undefined;
  }

  async restart(downMs = 0): Promise<void> {
    await this.stop();
    if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
    await this.start();
  }

  /** Stop the server and delete its files. */
  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
