import type { TFunction } from 'i18next';
import type { Activity, ActivityMetadata } from '@scoreline/contracts/api/leagues';
import { monthLabel } from './month-label';

/** What the feed shows of one entry: its line, the small print under it, and its age. */
export interface ActivityText {
  message: string;
  description: string;
  time: string;
}

export interface ActivityTextContext {
  /** Bound to the 'activity' namespace in `language`. */
  t: TFunction<'activity'>;
  /** The UI language ('en', 'es', 'fr', 'de'). */
  language: string;
  /** The league the feed belongs to (entries name it). */
  leagueName: string;
  now?: Date;
}

/**
 * The entry as the user reads it. English shows the server's texts as they are. Other languages
 * get the line written here from the entry's kind, names and metadata; an entry that lacks what
 * its line needs (written before the metadata existed) keeps the server's English line and
 * description. The age follows the language either way.
 */
export function activityText(activity: Activity, { t, language, leagueName, now = new Date() }: ActivityTextContext): ActivityText {
  if (isEnglish(language)) return { message: activity.display_message, description: activity.description, time: activity.time_since };
  const line = activityLine(activity, t, leagueName, language) ?? { message: activity.display_message, description: activity.description };
  return { ...line, time: relativeTime(activity.created_at, language, t('time.justNow'), now) ?? activity.time_since };
}

function isEnglish(language: string): boolean {
  return language === 'en' || language.startsWith('en-');
}

/** The line and description in t's language, or null when the entry lacks a fact they need. */
export function activityLine(
  activity: Activity,
  t: TFunction<'activity'>,
  leagueName: string,
  language?: string,
): { message: string; description: string } | null {
  const m: ActivityMetadata = activity.metadata ?? {};
  const actor = activity.actor_name;
  const target = activity.target_name;
  const league = leagueName;
  // A tournament's round by its name ("Round of 32"); a league's matchday (no round) by its number.
  const round = isText(m.round) ? m.round : null;
  switch (activity.kind) {
    case 'member_joined': {
      if (!actor) return null;
      if (m.via === 'create') return { message: t('memberJoined.create', { name: actor, league }), description: t('memberJoined.descriptionCreate') };
      if (m.via === 'join') return { message: t('memberJoined.join', { name: actor, league }), description: t('memberJoined.descriptionJoin') };
      if (m.via === 'approval') return { message: t('memberJoined.approval', { name: actor, league }), description: t('memberJoined.descriptionApproval') };
      return null;
    }
    case 'member_left': {
      // The one who left is the target (the actor is the owner when they were removed).
      if (!target) return null;
      if (m.via === 'left') return { message: t('memberLeft.left', { name: target, league }), description: t('memberLeft.descriptionLeft') };
      if (m.via === 'removed') return { message: t('memberLeft.removed', { name: target, league }), description: t('memberLeft.descriptionRemoved') };
      if (m.via === 'preferences') return { message: t('memberLeft.preferences', { name: target, league }), description: t('memberLeft.descriptionPreferences') };
      return null;
    }
    case 'request_approved':
      if (!actor || !target) return null;
      return { message: t('requestApproved.message', { owner: actor, name: target }), description: t('requestApproved.description', { league }) };
    case 'exact_score': {
      const { home, away, home_score: homeScore, away_score: awayScore, gameweek, banker } = m;
      if (!actor || !isText(home) || !isText(away) || !isCount(homeScore) || !isCount(awayScore) || !isCount(gameweek) || typeof banker !== 'boolean') return null;
      return {
        message: t('exactScore.message', { name: actor, home, away, homeScore, awayScore }),
        description:
          round !== null
            ? banker
              ? t('gameweek.roundBanker', { round })
              : round
            : banker
              ? t('gameweek.descriptionBanker', { gameweek })
              : t('gameweek.description', { gameweek }),
      };
    }
    case 'banker_hit': {
      const { home, away, points, gameweek } = m;
      if (!actor || !isText(home) || !isText(away) || !isCount(points) || !isCount(gameweek)) return null;
      return { message: t('bankerHit.message', { name: actor, count: points, home, away }), description: round ?? t('gameweek.description', { gameweek }) };
    }
    case 'gameweek_scored': {
      const { points, gameweek, top, exact } = m;
      if (!actor || !isCount(points) || !isCount(gameweek) || typeof top !== 'boolean' || !isCount(exact)) return null;
      return {
        message:
          round !== null
            ? t(top ? 'gameweekScored.topRound' : 'gameweekScored.scoredRound', { name: actor, count: points, round })
            : top
              ? t('gameweekScored.top', { name: actor, count: points, gameweek })
              : t('gameweekScored.scored', { name: actor, count: points, gameweek }),
        description: t('gameweekScored.exact', { count: exact }),
      };
    }
    case 'rank_climbed': {
      const { rank, improvement, gameweek } = m;
      if (!actor || !isCount(rank) || !isCount(improvement) || !isCount(gameweek)) return null;
      return {
        message: rank === 1 ? t('rankClimbed.messageFirst', { name: actor }) : t('rankClimbed.message', { name: actor, rank }),
        description: round !== null ? t('rankClimbed.descriptionRound', { count: improvement, round }) : t('rankClimbed.description', { count: improvement, gameweek }),
      };
    }
    case 'gameweek_won':
    case 'month_won': {
      // Issue 11 winners: their lines live in the 'tables' namespace.
      const { points, gameweek, month, exact, shared_with: sharedWith } = m;
      if (!actor || !isCount(points) || !isCount(exact) || !isCount(sharedWith)) return null;
      const description = sharedWith > 0 ? t('winners.activityShared', { ns: 'tables', count: sharedWith }) : t('winners.activityOutright', { ns: 'tables', count: exact });
      if (activity.kind === 'gameweek_won') {
        if (!isCount(gameweek)) return null;
        const message =
          round !== null
            ? t('winners.activityRound', { ns: 'tables', name: actor, round, count: points })
            : t('winners.activityGameweek', { ns: 'tables', name: actor, gameweek, count: points });
        return { message, description };
      }
      if (!isText(month) || !language) return null;
      return { message: t('winners.activityMonth', { ns: 'tables', name: actor, month: monthLabel(month, language), count: points }), description };
    }
    default:
      return null;
  }
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

const HOUR = 60 * 60 * 1000;

/**
 * The entry's age in `language`, with the server's thresholds: `justNow` under 1 hour, then whole
 * hours under 24, then whole days. Null for a date that cannot be read.
 */
export function relativeTime(createdAt: string, language: string, justNow: string, now: Date = new Date()): string | null {
  const age = now.getTime() - new Date(createdAt).getTime();
  if (Number.isNaN(age)) return null;
  const hours = Math.floor(Math.max(0, age) / HOUR);
  if (hours < 1) return justNow;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return hours < 24 ? format.format(-hours, 'hour') : format.format(-Math.floor(hours / 24), 'day');
}
