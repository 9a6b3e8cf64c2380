import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { readCookie, REFRESH_COOKIE } from '../request-auth/cookies';
import { QUEUE_BOARD_COOKIE } from '../request-auth/queue-board-cookie';

/**
 * Browser features the app never uses, refused to its pages and to anything they might embed.
 * Kept for our own origin: the share sheet and clipboard writes (copying an invite link). Web
 * push and notifications are not Permissions-Policy features; they ask the user as ever.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'web-share=(self)',
  'xr-spatial-tracking=()',
].join(', ');

export const NO_STORE = 'no-store';

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A request that speaks for someone: a bearer token (valid or not), the refresh cookie or the queue board's. */
export function isSignedInRequest(headers: IncomingHttpHeaders): boolean {
  if (headers.authorization !== undefined) return true;
  return [REFRESH_COOKIE, QUEUE_BOARD_COOKIE].some((name) => readCookie(headers.cookie, name) !== undefined);
}

/**
 * Whether an answer must not be kept by any cache (browser, proxy, back/forward): an /api answer
 * to a signed-in request, or one that sets a cookie. Public answers keep their own caching.
 */
export function mustNotBeStored(path: string, headers: IncomingHttpHeaders, setsCookie: boolean): boolean {
  return isApiPath(path) && (setsCookie || isSignedInRequest(headers));
}

/**
 * The headers helmet does not set, on every answer (API, frontend, 404s, the body parser's
 * errors): Permissions-Policy, and `Cache-Control: no-store` where mustNotBeStored says so,
 * decided as the head is written, when a handler's Set-Cookie or own Cache-Control is known.
 */
export function securityHeadersMiddleware(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  // Read now: a router mounted on a path (the queue board) has rewritten req.url by the time the head is written.
  const path = req.path;
  if (isApiPath(path)) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (mustNotBeStored(path, req.headers, this.hasHeader('set-cookie'))) this.setHeader('Cache-Control', NO_STORE);
      return writeHead.apply(this, args);
    } as Response['writeHead'];
  }
  next();
}
