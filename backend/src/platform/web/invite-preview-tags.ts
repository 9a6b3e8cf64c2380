import type { InviteLinkState, InviteLinkTarget } from '@scoreline/contracts/api/invites';

/**
 * Open Graph and Twitter card tags for an invite link (issue 13 §3), so a link pasted in a chat
 * previews the league. Built only from what the link may reveal (`InvitePreview`: name, kind,
 * member count; a public league's description). Pure, so escaping and what stays hidden are
 * tested without a server; `invite-preview.middleware.ts` serves them.
 */

/** The branded card image in the built frontend (frontend/public). */
export const PREVIEW_IMAGE_PATH = '/og-invite.png';
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 } as const;

const SITE_NAME = 'Scoreline';
const GENERIC_TITLE = 'Join a league on Scoreline';
const GENERIC_DESCRIPTION = 'Predict every match, bank your best pick and climb the leagues with your friends.';

/** Escapes text for an HTML attribute value or element content. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const members = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** Title and description of the card. */
export function previewText(link: InviteLinkState): { title: string; description: string } {
  if (link.state === 'replaced') {
    return { title: 'This Scoreline invite link was replaced', description: 'The league owner made a new link. Ask them for it.' };
  }
  if (link.state === 'unknown') return { title: GENERIC_TITLE, description: GENERIC_DESCRIPTION };
  const { preview } = link;
  if (preview.kind === 'private') {
    return {
      title: `Join ${preview.name} on Scoreline`,
      description: `A private prediction league with ${members(preview.member_count)}. Ask to join, predict every match and climb the table.`,
    };
  }
  const about = preview.description ? ` ${preview.description}` : '';
  return {
    title: `Join ${preview.name} on Scoreline`,
    description: `A public prediction league with ${members(preview.member_count)}.${about}`.slice(0, 300),
  };
}

/** The meta tags, one per line, every value escaped; URLs absolute from APP_URL. */
export function buildPreviewTags(link: InviteLinkState, appUrl: string, path: string): string {
  const { title, description } = previewText(link);
  const image = new URL(PREVIEW_IMAGE_PATH, appUrl).toString();
  const url = new URL(path, appUrl).toString();
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:width', String(PREVIEW_IMAGE_SIZE.width)],
    ['property', 'og:image:height', String(PREVIEW_IMAGE_SIZE.height)],
    ['property', 'og:image:alt', 'Scoreline: football score predictions'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`).join('\n    ');
}

/**
 * The SPA's index.html with the link's title, description and card tags. A replaced or unknown
 * link must not be indexed as a page of its own.
 */
export function injectPreviewTags(indexHtml: string, link: InviteLinkState, appUrl: string, path: string): string {
  const { title, description } = previewText(link);
  const extra = [buildPreviewTags(link, appUrl, path)];
  if (link.state !== 'active' || link.preview.kind === 'private') extra.push('<meta name="robots" content="noindex" />');
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${escapeHtml(description)}" />`)
    .replace('</head>', () => `    ${extra.join('\n    ')}\n  </head>`);
}

/** The invite paths the server previews: `/join/{code}` and `/leagues/{id}/join` (trailing slash allowed). */
export function matchInvitePath(urlPath: string): InviteLinkTarget | null {
  const code = /^\/join\/([^/]{1,64})\/?$/.exec(urlPath);
  if (code) return { kind: 'code', code: code[1] };
  const league = /^\/leagues\/(\d{1,10})\/join\/?$/.exec(urlPath);
  if (league && Number(league[1]) <= 2147483647) return { kind: 'league', leagueId: Number(league[1]) };
  return null;
}
