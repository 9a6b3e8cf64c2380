import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { freePort } from '../support/owned-processes';
import { AppProcess, startAppProcess, waitForHealth } from '../support/processes';
import { expectErrorShape } from './api-helpers';

jest.setTimeout(60_000);

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(100)}</body></html>`;

/** A built frontend as `vite build` leaves it: hashed assets with their .br/.gz copies beside them. */
function writeFixtureBuild(dist: string): void {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  const files: Record<string, string> = { 'index.html': INDEX, 'assets/index-AbC123.js': SCRIPT, 'assets/index-AbC123.css': 'body{margin:0}'.repeat(60) };
  for (const [path, text] of Object.entries(files)) {
    writeFileSync(join(dist, path), text);
    writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
  }
  // Under the compression plugin's threshold: no compressed copies.
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as sent (supertest and fetch would decompress them and hide the encoding). */
function rawGet(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The API serving a built frontend (FRONTEND_DIST), as production runs it: content-hashed assets
 * cached for a year, index.html and the SPA fallback revalidated, brotli/gzip copies made at build
 * time sent to the browsers that accept them.
 */
describe('the built frontend served by the API', () => {
  let api: AppProcess | undefined;
  let dist: string;
  let baseUrl: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'scoreline-dist-'));
    writeFixtureBuild(dist);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    api = startAppProcess('backend', { PORT: String(port), FRONTEND_DIST: dist, QUEUE_PREFIX: `${process.env.QUEUE_PREFIX}-static` });
    await waitForHealth(baseUrl, api);
  }, 90_000);

  afterAll(async () => {
    await api?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed script as brotli when accepted, immutable for a year, varying on Accept-Encoding', async () => {
    const res = await rawGet(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
  });

  it('sends gzip to a browser without brotli, or when brotli is refused with q=0', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const res = await rawGet(baseUrl, '/assets/index-AbC123.js', { 'Accept-Encoding': accept });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, 'gzip']);
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    }
    const css = await rawGet(baseUrl, '/assets/index-AbC123.css', { 'Accept-Encoding': 'gzip' });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['content-encoding']).toBe('gzip');
  });

  it('sends the plain bytes to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const res = await rawGet(baseUrl, '/assets/index-AbC123.js', headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('revalidates index.html, the SPA fallback and unhashed files, and answers a revalidation with 304', async () => {
    for (const path of ['/', '/index.html', '/dashboard', '/leagues/7/players']) {
      const res = await rawGet(baseUrl, path, { 'Accept-Encoding': 'br' });
      expect([path, res.status, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([path, 200, 'no-cache', 'br']);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
    }
    const icon = await rawGet(baseUrl, '/favicon.svg', { 'Accept-Encoding': 'br, gzip' });
    expect([icon.headers['cache-control'], icon.headers['content-encoding'], icon.headers['content-type']]).toEqual(['no-cache', undefined, 'image/svg+xml']);

    const first = await rawGet(baseUrl, '/home', { 'Accept-Encoding': 'gzip' });
    const again = await rawGet(baseUrl, '/home', { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends Permissions-Policy with every frontend answer, and keeps no-store off public assets even for a request with a token', async () => {
    for (const path of ['/', '/dashboard', '/assets/index-AbC123.js', '/favicon.svg', '/assets/index-Gone99.js']) {
      const res = await rawGet(baseUrl, path, { Authorization: 'Bearer whatever' });
      expect([path, res.headers['permissions-policy']]).toEqual([path, expect.stringContaining('camera=()')]);
      expect([path, res.headers['cache-control']]).not.toEqual([path, 'no-store']);
    }
  });

  it('answers a missing hashed asset and an unknown API path with a 404, never with index.html', async () => {
    const asset = await request(baseUrl).get('/assets/index-Gone99.js');
    expect(asset.status).toBe(404);
    expect(asset.headers['cache-control'] ?? '').not.toMatch(/immutable/);
    expect(asset.text).not.toContain('<!doctype html>');
    expectErrorShape(await request(baseUrl).get('/api/no-such-route'), 404);
    const health = await request(baseUrl).get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers['content-type']).toMatch(/json/);
  });
});
