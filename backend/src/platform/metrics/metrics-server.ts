import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsAccessAllowed } from './metric-labels';
import { metricsRegistry } from './metrics';

/**
 * The API's metrics listener (METRICS_PORT): GET /metrics and nothing else, Prometheus text from
 * the process's registry, behind METRICS_TOKEN when one is set. A port of its own, apart from the
 * one the Ingress routes, so the scrape is never public; Prometheus reaches it inside the cluster.
 * Answers as the workers' health port does (workers/src/health-server.ts).
 */
export function createMetricsServer(token: string | null): Server {
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics') return json(res, 404, { message: 'Not found.' });
    if (req.method !== 'GET') return json(res, 405, { message: 'Method not allowed.' }, { allow: 'GET' });
    if (!metricsAccessAllowed(req.headers.authorization, token)) {
      return json(res, 401, { message: 'A valid metrics token is required.' }, { 'www-authenticate': 'Bearer' });
    }
    const body = await metricsRegistry.metrics();
    res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(body);
  }

  return createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { message: 'The metrics could not be collected.' });
    });
  });
}

/** Listens on `port` (0: any free one) on every interface; resolves with the address once bound, rejects when the port is taken. */
export function listenMetricsServer(server: Server, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** Stops listening and ends open connections (a scrape in flight, idle keep-alives). */
export function closeMetricsServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
