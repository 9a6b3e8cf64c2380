import { cacheControlFor, IMMUTABLE_CACHE, isServerPath, REVALIDATE_CACHE, takesSpaFallback } from './static-file-policy';

describe('static file policy', () => {
  it('keeps content-hashed assets for a year and revalidates everything else', () => {
    expect(cacheControlFor('/assets/index-B5eFtYvO.js')).toBe(IMMUTABLE_CACHE);
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
    for (const path of ['/index.html', '/', '/dashboard', '/theme-init.js', '/favicon.svg', '/assetsx/a.js']) {
      expect([path, cacheControlFor(path)]).toEqual([path, REVALIDATE_CACHE]);
    }
  });

  it('leaves the API, socket and metrics paths to the server', () => {
    for (const path of ['/api', '/api/health', '/socket.io/', '/metrics']) expect([path, isServerPath(path)]).toEqual([path, true]);
    for (const path of ['/apis', '/home', '/metrics-board']) expect([path, isServerPath(path)]).toEqual([path, false]);
  });

  it('answers client routes with index.html but not a missing hashed asset or a server path', () => {
    expect(takesSpaFallback('/leagues/7')).toBe(true);
    expect(takesSpaFallback('/assets/gone-123.js')).toBe(false);
    expect(takesSpaFallback('/api/nope')).toBe(false);
  });
});
