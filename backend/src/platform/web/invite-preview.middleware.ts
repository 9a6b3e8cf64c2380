import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InviteLinkState, InviteLinkTarget } from '@scoreline/contracts/api/invites';
import { REVALIDATE_CACHE } from './static-file-policy';
import { injectPreviewTags, matchInvitePath } from './invite-preview-tags';

/** Looks the link up (rate limited, never throwing for a bad code): the leagues domain's InviteLinksService. */
export type InviteLinkResolver = (target: InviteLinkTarget, req: Request, res: Response) => Promise<InviteLinkState>;

/**
 * Answers the invite paths (`/join/{code}`, `/leagues/{id}/join`) with the SPA's index.html plus
 * the link's Open Graph / Twitter card tags, so a link pasted in a chat previews the league. The
 * page differs per link and may change any minute (members join, the code rotates): `no-cache`.
 * Null when there is no frontend build.
 */
export function invitePreviewMiddleware(dist: string, appUrl: string, resolve: InviteLinkResolver): RequestHandler | null {
  const indexPath = join(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const indexHtml = readFileSync(indexPath, 'utf8');

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const target = matchInvitePath(req.path);
    if (!target) return next();
    resolve(target, req, res).then(
      (link) => {
        const html = injectPreviewTags(indexHtml, link, appUrl, req.path);
        res.setHeader('Cache-Control', REVALIDATE_CACHE);
        res.type('html');
        res.status(200).send(html);
      },
      (error: unknown) => next(error),
    );
  };
}
