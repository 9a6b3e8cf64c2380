/**
 * football-data.org v4's answer to GET /competitions/{code}/matches, as a zod schema: the one
 * description of the provider's JSON that the adapter checks answers against and the local
 * stand-in builds its answers from (the types below are inferred from it, so the two can't drift).
 *
 * What the feed relies on is strict (ids, kick-off, status, every score a whole number 0–99 or
 * null); what it only shows or ignores is optional, and unknown keys are dropped. One breach fails
 * the whole answer: a half-read answer would write half a match day.
 */
import { z } from 'zod';

const WHOLE_SCORE = 'expected a whole number 0–99';
const WHOLE_ID = 'expected a whole positive number';
const ISO_INSTANT = 'expected an ISO 8601 instant such as "2026-06-11T19:00:00Z"';
const MAX_MATCHES = 5000;
const MAX_TEXT = 200;

/** A goal count: 0–99 (no real score is higher; anything else is a broken answer). */
const scoreValue = z
  .number({ error: WHOLE_SCORE })
  .int({ error: WHOLE_SCORE })
  .min(0, { error: WHOLE_SCORE })
  .max(99, { error: WHOLE_SCORE })
  .nullable();

const providerId = z.number({ error: WHOLE_ID }).int({ error: WHOLE_ID }).positive({ error: WHOLE_ID });
const text = z.string().max(MAX_TEXT);
const instant = z.iso.datetime({ offset: true, error: ISO_INSTANT });

/** {home, away}: both known, or both null (not started, or the part not played). */
export const footballDataScorePairSchema = z
  .object({ home: scoreValue, away: scoreValue })
  .refine((p) => (p.home === null) === (p.away === null), { error: 'expected both home and away, or neither' });

export const FOOTBALL_DATA_STATUSES = ['SCHEDULED', 'TIMED', 'IN_PLAY', 'PAUSED', 'FINISHED', 'SUSPENDED', 'POSTPONED', 'CANCELLED', 'AWARDED'] as const;
export const FOOTBALL_DATA_DURATIONS = ['REGULAR', 'EXTRA_TIME', 'PENALTY_SHOOTOUT'] as const;

export const footballDataScoreSchema = z.object({
  winner: z.enum(['HOME_TEAM', 'AWAY_TEAM', 'DRAW']).nullable().optional(),
  /** How far the match went (or has gone, while it runs); missing means REGULAR. */
  duration: z.enum(FOOTBALL_DATA_DURATIONS).nullable().optional(),
  /** The running score; once duration is not REGULAR the sum of the parts below. */
  fullTime: footballDataScorePairSchema,
  halfTime: footballDataScorePairSchema,
  /** The 90 minutes' score, when the match went beyond them. */
  regularTime: footballDataScorePairSchema.optional(),
  /** Only the goals of extra time. */
  extraTime: footballDataScorePairSchema.optional(),
  /** Only the shoot-out. */
  penalties: footballDataScorePairSchema.optional(),
});

/** A side; every field null while a knockout slot is not decided. */
export const footballDataTeamSchema = z.object({
  id: providerId.nullable(),
  name: text.nullable(),
  shortName: text.nullable().optional(),
  tla: text.nullable().optional(),
  crest: z.string().max(1000).nullable().optional(),
});

const areaSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable().optional(), flag: z.string().nullable().optional() });
const competitionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  emblem: z.string().nullable().optional(),
});
const seasonSchema = z.object({
  id: z.number().int(),
  startDate: z.string().nullable().optional(),
  endDate: z.string().nullable().optional(),
  currentMatchday: z.number().int().nullable().optional(),
});

/** Shown only: an unreadable value is dropped (null) rather than failing the answer. */
const displayMinute = z.number().int().min(0).max(200).nullable().optional().catch(null);

export const footballDataMatchSchema = z
  .object({
    area: areaSchema.optional(),
    competition: competitionSchema.optional(),
    season: seasonSchema.optional(),
    id: providerId,
    utcDate: instant,
    status: z.enum(FOOTBALL_DATA_STATUSES),
    minute: displayMinute,
    injuryTime: displayMinute,
    matchday: z.number().int().min(0).max(999).nullable().optional(),
    stage: text.nullable().optional(),
    group: text.nullable().optional(),
    lastUpdated: instant.nullable().optional(),
    homeTeam: footballDataTeamSchema,
    awayTeam: footballDataTeamSchema,
    score: footballDataScoreSchema,
    odds: z.record(z.string(), z.unknown()).optional(),
    referees: z.array(z.unknown()).optional(),
  })
  .superRefine((m, ctx) => {
    // A result without its score would be recorded as nothing: the answer is broken, not the match.
    if ((m.status === 'FINISHED' || m.status === 'AWARDED') && m.score.fullTime.home === null) {
      ctx.addIssue({ code: 'custom', path: ['score', 'fullTime'], message: `a ${m.status} match needs its score` });
    }
  });

export const footballDataAnswerSchema = z.object({
  filters: z.record(z.string(), z.unknown()).optional(),
  resultSet: z
    .object({
      count: z.number().int().min(0),
      first: z.string().nullable().optional(),
      last: z.string().nullable().optional(),
      played: z.number().int().min(0).optional(),
    })
    .optional(),
  competition: competitionSchema.optional(),
  matches: z.array(footballDataMatchSchema).max(MAX_MATCHES),
});

/** The provider's error body (400/403/404/429 …). */
export const footballDataErrorSchema = z.object({ message: z.string(), errorCode: z.number().int().optional() });

export type FootballDataScorePair = z.infer<typeof footballDataScorePairSchema>;
export type FootballDataScore = z.infer<typeof footballDataScoreSchema>;
export type FootballDataTeam = z.infer<typeof footballDataTeamSchema>;
export type FootballDataStatus = (typeof FOOTBALL_DATA_STATUSES)[number];
export type FootballDataDuration = (typeof FOOTBALL_DATA_DURATIONS)[number];
export type FootballDataMatch = z.infer<typeof footballDataMatchSchema>;
export type FootballDataAnswer = z.infer<typeof footballDataAnswerSchema>;
export type FootballDataError = z.infer<typeof footballDataErrorSchema>;

/** ["matches", 3, "score", "fullTime", "home"] → "matches[3].score.fullTime.home". */
export function schemaPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? String(key) : `${out}.${String(key)}`), '');
}

export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The first breach, named by its path ("matches[3].score.fullTime.home: expected a whole number 0–99"), with a count of the others. */
function check<T>(schema: z.ZodType<T>, input: unknown, root: string): SchemaCheck<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const [first, ...others] = result.error.issues;
  const path = schemaPath(first.path) || root;
  const more = others.length === 0 ? '' : ` (and ${others.length} more ${others.length === 1 ? 'problem' : 'problems'})`;
  return { ok: false, problem: `${path}: ${first.message}${more}` };
}

/** Checks a whole answer of the matches endpoint. */
export function checkFootballDataAnswer(input: unknown): SchemaCheck<FootballDataAnswer> {
  return check(footballDataAnswerSchema, input, 'answer');
}

/** Checks one match (the stand-in's scripted matches). */
export function checkFootballDataMatch(input: unknown): SchemaCheck<FootballDataMatch> {
  return check(footballDataMatchSchema, input, 'match');
}
