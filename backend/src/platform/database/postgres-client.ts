import { Client, type ClientConfig } from 'pg';
import { outageLog } from '../common/outage';

/** Postgres connections are replaced, not reconnected: all of a process's are one source of its outage log. */
const SOURCE = 'a connection';

type ConnectCallback = ((err: Error) => void) | ((err: null, client: Client) => void);

/**
 * The pg client every pool and connection of ours is made of (pools take it as their `Client`
 * option): one that always has an 'error' listener. A pg client with none ends the process on the
 * first error it emits, and there are moments when nobody listens: between the pool handing a new
 * connection over and TypeORM's listener being attached a microtask later, Postgres' "terminating
 * connection due to administrator command" in the same read as the connection's first
 * ReadyForQuery is emitted to no one. Failures (of a connection, or of opening one) and new
 * connections go to the process's outage log (said once per outage); whoever holds the client
 * still sees its failure on the query it runs.
 */
export class PostgresClient extends Client {
  private readonly outage = outageLog('PostgreSQL');

  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error) => this.outage.failed(SOURCE, error));
    this.on('connect', () => this.outage.recovered(SOURCE));
  }

  override connect(): Promise<Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<Client> | void {
    const failed = (error: Error) => this.outage.failed(SOURCE, error);
    if (!callback) {
      return super.connect().catch((error: Error) => {
        failed(error);
        throw error;
      });
    }
    // pg-pool opens its connections this way.
    super.connect(((error: Error | null, client: Client) => {
      if (error) failed(error);
      (callback as (error: Error | null, client: Client) => void)(error, client);
    }) as ConnectCallback);
  }
}
