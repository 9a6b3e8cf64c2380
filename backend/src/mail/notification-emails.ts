import type { OutgoingMail } from './mail.service';
import { formatWhen, NOTIFICATION_TEXTS, textsFor, type Reader } from './notification-texts';

export type { Reader };

/**
 * The notification emails the workers send (Settings → Notifications): pure functions from the
 * figures to subject, plain text and simple HTML, in the style of the code emails, in the
 * reader's language and time zone (notification-texts.ts).
 */

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names and messages come from users: no line breaks or control characters in a subject line. */
const oneLine = (s: string): string =>
  s
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "Saturday 22 November, 12:30 UTC". */
export function formatUtc(at: Date): string {
  return formatWhen(at);
}

/** "23 hours", "1 hour", "40 minutes": rounded, never "0" (in the reader's language). */
export function formatTimeLeft(ms: number, reader: Reader = {}): string {
  const t = textsFor(reader);
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return t.minutes(minutes);
  return t.hours(Math.round(minutes / 60));
}

/** "1st", "2nd", "13th", "101st" (English; other languages have their own). */
export function ordinal(n: number): string {
  return NOTIFICATION_TEXTS.en.ordinal(n);
}

interface Body {
  reader: Reader;
  to: string;
  subject: string;
  firstName: string;
  /** Paragraphs of plain text; each becomes one <p> in the HTML. */
  paragraphs: string[];
  /** The one call to action. */
  action: { label: string; url: string };
  /** Why the reader gets this, and where to switch it off. */
  reason: string;
  appUrl: string;
}

function compose(b: Body): OutgoingMail {
  const t = textsFor(b.reader);
  const name = oneLine(b.firstName) || t.there;
  const settings = `${b.appUrl}/settings`;
  const footer = `${b.reason} ${t.changeInSettings}: ${settings}`;
  const text = [t.hi(name), '', ...b.paragraphs.flatMap((p) => [p, '']), `${b.action.label}: ${b.action.url}`, '', footer, '', `Scoreline — ${b.appUrl}`].join(
    '\n',
  );
  const paragraphs = b.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const html = `<!doctype html><html lang="${b.reader.language ?? 'en'}"><body style="font-family:system-ui,sans-serif;background:#0b1426;color:#e5e7eb;padding:24px">
<div style="max-width:480px;margin:auto;background:#13203a;border-radius:12px;padding:24px">
<h1 style="color:#22c55e;margin-top:0">Scoreline</h1>
<p>${escapeHtml(t.hi(name))}</p>
${paragraphs}
<p><a style="display:inline-block;background:#22c55e;color:#0b1426;font-weight:700;text-decoration:none;padding:10px 16px;border-radius:8px" href="${escapeHtml(b.action.url)}">${escapeHtml(b.action.label)}</a></p>
<p style="color:#9ca3af;font-size:13px">${escapeHtml(b.reason)} <a style="color:#22c55e" href="${escapeHtml(settings)}">${escapeHtml(t.changeInSettings)}</a>.</p>
<p><a style="color:#22c55e" href="${escapeHtml(b.appUrl)}">${escapeHtml(b.appUrl)}</a></p></div></body></html>`;
  return { to: b.to, subject: oneLine(b.subject), text, html };
}

export interface DeadlineReminder extends Reader {
  to: string;
  firstName: string;
  gameweekNumber: number;
  /** The round's stored name (a tournament's: "Round of 32"); null or absent for a league's matchday ("Gameweek 12"). */
  gameweekName?: string | null;
  deadline: Date;
  now: Date;
  predicted: number;
  total: number;
}

/** "Gameweek N closes in X hours — you have predicted K of M matches" (a tournament's round by its name: "Round of 32 closes in …"). */
export function deadlineReminderEmail(r: DeadlineReminder, appUrl: string): OutgoingMail {
  const t = textsFor(r);
  const left = formatTimeLeft(r.deadline.getTime() - r.now.getTime(), r);
  const progress = t.deadline.progress(r.predicted, r.total);
  const round = { number: r.gameweekNumber, name: r.gameweekName };
  return compose({
    reader: r,
    to: r.to,
    firstName: r.firstName,
    subject: t.deadline.subject(round, left, progress),
    paragraphs: [t.deadline.intro(round, left, formatWhen(r.deadline, r), progress), r.predicted === 0 ? t.deadline.nothingYet : t.deadline.finish],
    action: { label: t.deadline.action, url: `${appUrl}/fixtures` },
    reason: t.deadline.reason,
    appUrl,
  });
}

export interface MatchResults extends Reader {
  to: string;
  firstName: string;
  gameweekNumber: number;
  /** The round's stored name (a tournament's); null or absent for a league's matchday. */
  gameweekName?: string | null;
  points: number;
  predictions: number;
  /** Correct results, exact scores included. */
  correct: number;
  exact: number;
  /** Rank in the global league; null when the user is not in it. */
  globalRank: number | null;
}

/** A gameweek is over: the user's points, exact and correct counts, global rank. */
export function matchResultsEmail(r: MatchResults, appUrl: string): OutgoingMail {
  const t = textsFor(r);
  const others = Math.max(0, r.correct - r.exact);
  const round = { number: r.gameweekNumber, name: r.gameweekName };
  const lines = [t.results.summary(round, t.points(r.points), t.predictions(r.predictions), t.exactScores(r.exact), t.otherCorrect(others))];
  if (r.globalRank !== null) lines.push(t.results.rank(t.ordinal(r.globalRank)));
  return compose({
    reader: r,
    to: r.to,
    firstName: r.firstName,
    subject: t.results.subject(round, t.points(r.points)),
    paragraphs: lines,
    action: { label: t.results.action, url: `${appUrl}/results` },
    reason: t.results.reason,
    appUrl,
  });
}

export interface JoinRequestNotice extends Reader {
  to: string;
  firstName: string;
  leagueId: number;
  leagueName: string;
  requesterName: string;
  requesterUsername: string;
  message: string;
}

/** To the owner of a private league: someone asked to join (with their message). */
export function joinRequestEmail(r: JoinRequestNotice, appUrl: string): OutgoingMail {
  const t = textsFor(r);
  const who = `${oneLine(r.requesterName)} (@${oneLine(r.requesterUsername)})`;
  const message = r.message.trim();
  return compose({
    reader: r,
    to: r.to,
    firstName: r.firstName,
    subject: t.joinRequest.subject(oneLine(r.requesterName), oneLine(r.leagueName)),
    paragraphs: [t.joinRequest.asked(who, r.leagueName), message ? t.joinRequest.message(message) : t.joinRequest.noMessage, t.joinRequest.review],
    action: { label: t.joinRequest.action, url: `${appUrl}/leagues/${r.leagueId}` },
    reason: t.leagueReason,
    appUrl,
  });
}

export interface RequestApprovedNotice extends Reader {
  to: string;
  firstName: string;
  leagueId: number;
  leagueName: string;
}

/** To the requester: the owner approved; they are a member now. */
export function requestApprovedEmail(r: RequestApprovedNotice, appUrl: string): OutgoingMail {
  const t = textsFor(r);
  return compose({
    reader: r,
    to: r.to,
    firstName: r.firstName,
    subject: t.approved.subject(oneLine(r.leagueName)),
    paragraphs: [t.approved.body(r.leagueName)],
    action: { label: t.approved.action, url: `${appUrl}/leagues/${r.leagueId}` },
    reason: t.leagueReason,
    appUrl,
  });
}

/** One competition's part of the weekly digest: the season the reader played in it. */
export interface DigestSection {
  seasonName: string;
  seasonPoints: number;
  /** The latest completed gameweek, and the user's points in it (null: did not play it); `name` as DeadlineReminder's gameweekName. */
  lastGameweek: { number: number; name?: string | null; points: number | null } | null;
  globalRank: number | null;
  nextDeadline: { gameweekNumber: number; gameweekName?: string | null; at: Date } | null;
}

/** The digest's first section is the reader's home competition; the subject names its points. */
export interface WeeklyDigest extends Reader, DigestSection {
  to: string;
  firstName: string;
  /** ISO week, e.g. "2026-W48". */
  week: string;
  /** The other competitions the reader played, a section each after the first. */
  moreSections?: readonly DigestSection[];
}

/** One section's lines: season points and global rank, last gameweek, next deadline. */
function digestSectionLines(s: DigestSection, reader: Reader): string[] {
  const t = textsFor(reader);
  const lines = [t.digest.season(s.seasonName, t.points(s.seasonPoints), s.globalRank !== null ? t.ordinal(s.globalRank) : null)];
  if (s.lastGameweek) {
    const last = s.lastGameweek;
    lines.push(last.points === null ? t.digest.missed(last) : t.digest.played(last, t.points(last.points)));
  }
  const next = s.nextDeadline;
  lines.push(next ? t.digest.next({ number: next.gameweekNumber, name: next.gameweekName }, formatWhen(next.at, reader)) : t.digest.noDeadline);
  return lines;
}

/** Monday's summary, a section per competition played: season points, last gameweek, global rank, next deadline. */
export function weeklyDigestEmail(d: WeeklyDigest, appUrl: string): OutgoingMail {
  const t = textsFor(d);
  const lines = [d, ...(d.moreSections ?? [])].flatMap((section) => digestSectionLines(section, d));
  return compose({
    reader: d,
    to: d.to,
    firstName: d.firstName,
    subject: t.digest.subject(d.week, t.points(d.seasonPoints)),
    paragraphs: lines,
    action: { label: t.digest.action, url: `${appUrl}/dashboard` },
    reason: t.digest.reason,
    appUrl,
  });
}
