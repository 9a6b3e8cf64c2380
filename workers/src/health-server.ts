import type { INestApplicationContext } from '@nestjs/common';
import Redis from 'ioredis';
import { createServer, Server } from 'node:http';
import { DataSource } from 'typeorm';
import { REDIS } from '../../backend/src/redis/redis.module';

/** GET /health for the worker's Kubernetes probes: Postgres and Redis answer, or 503. */
export function startHealthServer(app: INestApplicationContext, port: number): Server {
  const db = app.get(DataSource);
  const redis = app.get<Redis>(REDIS);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/health') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found.' }));
      return;
    }
    Promise.all([db.query('SELECT 1'), redis.ping()])
      .then(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ok' })))
      .catch((error: Error) => res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: error.message })));
  });
  server.listen(port);
  return server;
}
