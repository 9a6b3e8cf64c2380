import type { InvitePreview } from '@scoreline/contracts/api/invites';
import { buildPreviewTags, escapeHtml, injectPreviewTags, matchInvitePath, previewText } from './invite-preview-tags';

const INDEX = `<!doctype html><html><head>
<meta name="description" content="Scoreline — predict." />
<title>Scoreline — Football Score Predictions</title>
</head><body><div id="root"></div></body></html>`;

const privateLeague: InvitePreview = { kind: 'private', name: 'Office Predictors', member_count: 12, league_id: null, description: null };
const publicLeague: InvitePreview = { kind: 'public', name: 'Open Doors', member_count: 1, league_id: 7, description: 'Everyone welcome' };

const content = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('invite preview tags', () => {
  it('escapes everything that reaches the HTML', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;');
    const html = injectPreviewTags(INDEX, { state: 'active', preview: { ...privateLeague, name: `"><script>alert(1)</script>` } }, 'https://scoreline.example', '/join/ABCDEFGH');
    expect(html).not.toContain('<script>alert(1)');
    expect(content(html, 'og:title')).toBe('Join &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; on Scoreline');
    expect(html).toContain('<title>Join &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; on Scoreline</title>');
    // A name with "$&" must not be read as a replacement pattern.
    expect(injectPreviewTags(INDEX, { state: 'active', preview: { ...privateLeague, name: 'Cash $& Co' } }, 'https://s.example', '/join/A')).toContain(
      '<title>Join Cash $&amp; Co on Scoreline</title>',
    );
  });

  it("shows a private league's name and member count, never its description, id or anyone's name", () => {
    const text = previewText({ state: 'active', preview: { ...privateLeague, description: 'Secret plans of Ann Smith' } });
    expect(text.title).toBe('Join Office Predictors on Scoreline');
    expect(text.description).toContain('12 members');
    expect(text.description).not.toContain('Secret');
    const html = injectPreviewTags(INDEX, { state: 'active', preview: privateLeague }, 'https://scoreline.example', '/join/ABCDEFGH');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });

  it("describes a public league with its description and one member in the singular", () => {
    expect(previewText({ state: 'active', preview: publicLeague }).description).toBe('A public prediction league with 1 member. Everyone welcome');
  });

  it('gives absolute image and page URLs from APP_URL and a large-image Twitter card', () => {
    const tags = buildPreviewTags({ state: 'active', preview: publicLeague }, 'https://scoreline.example/', '/leagues/7/join');
    expect(content(tags, 'og:image')).toBe('https://scoreline.example/og-invite.png');
    expect(content(tags, 'twitter:image')).toBe('https://scoreline.example/og-invite.png');
    expect(content(tags, 'og:url')).toBe('https://scoreline.example/leagues/7/join');
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
  });

  it('answers generic tags for an unknown link and says so for a replaced one', () => {
    expect(previewText({ state: 'unknown' }).title).toBe('Join a league on Scoreline');
    expect(previewText({ state: 'replaced' }).title).toBe('This Scoreline invite link was replaced');
  });

  it('replaces the page title and description and keeps the rest of the page', () => {
    const html = injectPreviewTags(INDEX, { state: 'unknown' }, 'http://localhost:3000', '/join/X');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('matches only the two invite paths', () => {
    expect(matchInvitePath('/join/ABCD2345')).toEqual({ kind: 'code', code: 'ABCD2345' });
    expect(matchInvitePath('/join/abcd2345/')).toEqual({ kind: 'code', code: 'abcd2345' });
    expect(matchInvitePath('/leagues/12/join')).toEqual({ kind: 'league', leagueId: 12 });
    for (const path of ['/join', '/join/', '/join/A/B', '/leagues/x/join', '/leagues/99999999999/join', '/leagues/12']) expect([path, matchInvitePath(path)]).toEqual([path, null]);
  });
});
