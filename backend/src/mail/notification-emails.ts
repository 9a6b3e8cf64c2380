import type { OutgoingMail } from './mail.service';

/**
 * The notification emails the workers send (Settings → Notifications): pure functions from the
 * figures to subject, plain text and simple HTML, in the style of the code emails.
 */

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Names and messages come from users: no line breaks or control characters in a subject line. */
const oneLine = (s: string): string =>
  s
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const UTC_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "Saturday 22 November, 12:30 UTC": the email cannot know the reader's time zone. */
export function formatUtc(at: Date): string {
  return `${UTC_FORMAT.format(at).replace(' at ', ', ')} UTC`;
}

/** "23 hours", "1 hour", "40 minutes": rounded, never "0". */
export function formatTimeLeft(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  return plural(Math.round(minutes / 60), 'hour');
}

/** "1st", "2nd", "13th", "101st". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

interface Body {
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
  const name = oneLine(b.firstName) || 'there';
  const settings = `${b.appUrl}/settings`;
  const footer = `${b.reason} Change it in Settings: ${settings}`;
  const text = [`Hi ${name},`, '', ...b.paragraphs.flatMap((p) => [p, '']), `${b.action.label}: ${b.action.url}`, '', footer, '', `Scoreline — ${b.appUrl}`].join(
    '\n',
  );
  const paragraphs = b.paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#0b1426;color:#e5e7eb;padding:24px">
<div style="max-width:480px;margin:auto;background:#13203a;border-radius:12px;padding:24px">
<h1 style="color:#22c55e;margin-top:0">Scoreline</h1>
<p>Hi ${escapeHtml(name)},</p>
${paragraphs}
<p><a style="display:inline-block;background:#22c55e;color:#0b1426;font-weight:700;text-decoration:none;padding:10px 16px;border-radius:8px" href="${escapeHtml(b.action.url)}">${escapeHtml(b.action.label)}</a></p>
<p style="color:#9ca3af;font-size:13px">${escapeHtml(b.reason)} <a style="color:#22c55e" href="${escapeHtml(settings)}">Change it in Settings</a>.</p>
<p><a style="color:#22c55e" href="${escapeHtml(b.appUrl)}">${escapeHtml(b.appUrl)}</a></p></div></body></html>`;
  return { to: b.to, subject: oneLine(b.subject), text, html };
}

export interface DeadlineReminder {
  to: string;
  firstName: string;
  gameweekNumber: number;
  deadline: Date;
  now: Date;
  predicted: number;
  total: number;
}

/** "Gameweek N closes in X hours — you have predicted K of M matches". */
export function deadlineReminderEmail(r: DeadlineReminder, appUrl: string): OutgoingMail {
  const left = formatTimeLeft(r.deadline.getTime() - r.now.getTime());
  const progress = `you have predicted ${r.predicted} of ${plural(r.total, 'match', 'matches')}`;
  return compose({
    to: r.to,
    firstName: r.firstName,
    subject: `Gameweek ${r.gameweekNumber} closes in ${left} — ${progress}`,
    paragraphs: [
      `Gameweek ${r.gameweekNumber} closes in ${left} (${formatUtc(r.deadline)}), and ${progress}.`,
      r.predicted === 0
        ? 'Predict every match before the first kick-off, and pick one banker for double points.'
        : 'Finish your predictions before the first kick-off: a match you skip scores nothing.',
    ],
    action: { label: 'Make your predictions', url: `${appUrl}/fixtures` },
    reason: 'You get this email because gameweek deadline reminders are on.',
    appUrl,
  });
}

export interface MatchResults {
  to: string;
  firstName: string;
  gameweekNumber: number;
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
  const others = Math.max(0, r.correct - r.exact);
  const lines = [
    `Every match of Gameweek ${r.gameweekNumber} is over. You scored ${plural(r.points, 'point')} from ${plural(r.predictions, 'prediction')}: ` +
      `${plural(r.exact, 'exact score')} and ${plural(others, 'other correct result')}.`,
  ];
  if (r.globalRank !== null) lines.push(`You are ${ordinal(r.globalRank)} in the global league.`);
  return compose({
    to: r.to,
    firstName: r.firstName,
    subject: `Gameweek ${r.gameweekNumber} results: you scored ${plural(r.points, 'point')}`,
    paragraphs: lines,
    action: { label: 'See your results', url: `${appUrl}/results` },
    reason: 'You get this email because match result emails are on.',
    appUrl,
  });
}

export interface JoinRequestNotice {
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
  const who = `${oneLine(r.requesterName)} (@${oneLine(r.requesterUsername)})`;
  const message = r.message.trim();
  return compose({
    to: r.to,
    firstName: r.firstName,
    subject: `${oneLine(r.requesterName)} asked to join ${oneLine(r.leagueName)}`,
    paragraphs: [
      `${who} asked to join your league ${r.leagueName}.`,
      message ? `Their message:\n“${message}”` : 'They did not add a message.',
      'Approve or reject the request on the league page.',
    ],
    action: { label: 'Review the request', url: `${appUrl}/leagues/${r.leagueId}` },
    reason: 'You get this email because league update emails are on.',
    appUrl,
  });
}

export interface RequestApprovedNotice {
  to: string;
  firstName: string;
  leagueId: number;
  leagueName: string;
}

/** To the requester: the owner approved; they are a member now. */
export function requestApprovedEmail(r: RequestApprovedNotice, appUrl: string): OutgoingMail {
  return compose({
    to: r.to,
    firstName: r.firstName,
    subject: `You're in: your request to join ${oneLine(r.leagueName)} was approved`,
    paragraphs: [`The owner of ${r.leagueName} approved your request. You are a member now, and your points count in its table.`],
    action: { label: 'Open the league', url: `${appUrl}/leagues/${r.leagueId}` },
    reason: 'You get this email because league update emails are on.',
    appUrl,
  });
}

export interface WeeklyDigest {
  to: string;
  firstName: string;
  /** ISO week, e.g. "2026-W48". */
  week: string;
  seasonName: string;
  seasonPoints: number;
  /** The latest completed gameweek, and the user's points in it (null: did not play it). */
  lastGameweek: { number: number; points: number | null } | null;
  globalRank: number | null;
  nextDeadline: { gameweekNumber: number; at: Date } | null;
}

/** Monday's summary: season points, last gameweek, global rank, next deadline. */
export function weeklyDigestEmail(d: WeeklyDigest, appUrl: string): OutgoingMail {
  const lines = [`Your ${d.seasonName} so far: ${plural(d.seasonPoints, 'point')}${d.globalRank !== null ? `, ${ordinal(d.globalRank)} in the global league` : ''}.`];
  if (d.lastGameweek) {
    lines.push(
      d.lastGameweek.points === null
        ? `You did not play Gameweek ${d.lastGameweek.number}.`
        : `Gameweek ${d.lastGameweek.number} brought you ${plural(d.lastGameweek.points, 'point')}.`,
    );
  }
  lines.push(
    d.nextDeadline
      ? `Next deadline: Gameweek ${d.nextDeadline.gameweekNumber} closes ${formatUtc(d.nextDeadline.at)}.`
      : 'No deadline is scheduled yet.',
  );
  return compose({
    to: d.to,
    firstName: d.firstName,
    subject: `Your Scoreline week ${d.week}: ${plural(d.seasonPoints, 'point')} this season`,
    paragraphs: lines,
    action: { label: 'Open your dashboard', url: `${appUrl}/dashboard` },
    reason: 'You get this email because the weekly digest is on.',
    appUrl,
  });
}
