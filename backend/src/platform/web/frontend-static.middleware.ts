import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { cacheControlFor, ENCODINGS, type ContentEncoding, isServerPath, takesSpaFallback } from './static-file-policy';

interface StaticFile {
  path: string;
  /** Precompressed siblings written by the build, by content encoding. */
  variants: Partial<Record<ContentEncoding, string>>;
}

/** Every file of the build by URL path, read once at start: the build does not change under a running server. */
function indexBuild(dist: string): Map<string, StaticFile> {
  const all = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const present = new Set(all);
  const files = new Map<string, StaticFile>();
  for (const path of all) {
    if (ENCODINGS.some(({ suffix }) => path.endsWith(suffix))) continue;
    const variants: StaticFile['variants'] = {};
    for (const { encoding, suffix } of ENCODINGS) if (present.has(path + suffix)) variants[encoding] = path + suffix;
    files.set(`/${relative(dist, path).split(sep).join('/')}`, { path, variants });
  }
  return files;
}

/**
 * Serves the built frontend (FRONTEND_DIST) with its SPA fallback, when it has been built: hashed
 * assets cached for a year, everything else revalidated, and the build's brotli/gzip copies sent
 * to browsers that accept them (so the server spends no CPU compressing). Null when there is no build.
 */
export function frontendStaticMiddleware(dist: string): RequestHandler | null {
  if (!existsSync(join(dist, 'index.html'))) return null;
  const files = indexBuild(dist);
  const indexHtml = files.get('/index.html')!;

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    if (isServerPath(urlPath)) return next();
    let file = files.get(urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
    if (!file) {
      if (!takesSpaFallback(urlPath)) return next();
      file = indexHtml;
      urlPath = '/index.html';
    }

    res.setHeader('Cache-Control', cacheControlFor(urlPath));
    const offered = ENCODINGS.map(({ encoding }) => encoding).filter((encoding) => file.variants[encoding]);
    let body = file.path;
    if (offered.length > 0) {
      res.vary('Accept-Encoding');
      // Our order (brotli is smaller), not the header's: browsers list gzip first at the same q.
      const chosen = offered.find((encoding) => req.acceptsEncodings(encoding) === encoding);
      if (chosen) {
        body = file.variants[chosen]!;
        res.setHeader('Content-Encoding', chosen);
      }
    }
    // The type of the original file, not of its .br/.gz copy.
    res.type(extname(file.path));
    res.sendFile(body, { cacheControl: false, etag: true, lastModified: true }, (error?: Error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
