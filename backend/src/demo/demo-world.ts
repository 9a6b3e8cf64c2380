import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { ActivityWriterService } from '../activity/activity-writer.service';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { generateInviteCode } from '../leagues/invite-code';
import { OutboxService } from '../outbox/outbox.service';
import { seededRandom } from '../replay/replay-plan';
import { ScoringService } from '../scoring/scoring.service';
import { selectActiveCompetitionCode, selectActiveSeasonOf } from '../seasons/seasons.queries';
import { SeasonsService } from '../seasons/seasons.service';
import { SeasonContextService } from '../standings/season-context.service';
import { PeriodWinnersService } from '../standings/period-winners.service';
import { RankHistoryService } from '../standings/rank-history.service';
import { StandingsService } from '../standings/standings.service';
import {
  analyzeDemoTables,
  demoWorldExists,
  insertDemoLeagueMembers,
  insertDemoLeagues,
  insertDemoPredictions,
  insertDemoUsers,
  selectDemoReferenceData,
  selectDemoSeasonFixtures,
  selectFixturesToScore,
  type DemoFixtureRow,
} from './demo-world.queries';
import { planDemoFans, planDemoLeagues, planDemoPredictions, type DemoGameweek } from './demo-world-plan';

/** How many demo fans the first start creates. */
export const DEMO_FAN_COUNT = 300;
/** The seed of the world's PRNG: the same world on every first start. */
export const DEMO_WORLD_SEED = 20251126;
/** The private leagues' member cap. */
const PRIVATE_LEAGUE_CAP = 50;

export interface DemoWorldOptions {
  fans?: number;
  seed?: number;
}

export interface DemoWorldSummary {
  seasonId: number;
  fans: number;
  userIds: number[];
  predictions: number;
  /** Gameweek numbers the fans predicted: every past one, the current one and the next. */
  gameweeks: number[];
  /** Every league with demo members: global, country, club, private, public. */
  leagueIds: number[];
  privateAndPublicLeagueIds: number[];
  scoredFixtures: number;
}

/**
 * The gameweeks demo fans predict: every gameweek up to the current one (the earliest not
 * completed) and the one after, so a live replay of either moves their points. The current and
 * next are played by every fan.
 */
export function gameweeksToPredict(rows: DemoFixtureRow[]): { gameweeks: DemoGameweek[]; numbers: number[]; everyonePlays: Set<number> } {
  const byNumber = new Map<number, { id: number; fixtures: DemoFixtureRow[] }>();
  for (const r of rows) {
    const gw = byNumber.get(r.gameweek_number) ?? { id: r.gameweek_id, fixtures: [] };
    gw.fixtures.push(r);
    byNumber.set(r.gameweek_number, gw);
  }
  const numbers = [...byNumber.keys()].sort((a, b) => a - b);
  const completed = (n: number) => byNumber.get(n)!.fixtures.every((f) => f.status === 'finished' || f.status === 'postponed');
  const currentIndex = numbers.findIndex((n) => !completed(n));
  const last = currentIndex === -1 ? numbers.length - 1 : Math.min(currentIndex + 1, numbers.length - 1);
  const chosen = numbers.slice(0, last + 1);
  const open = currentIndex === -1 ? [] : numbers.slice(currentIndex, last + 1);
  return {
    numbers: chosen,
    everyonePlays: new Set(open.map((n) => byNumber.get(n)!.id)),
    gameweeks: chosen.map((n) => {
      const gw = byNumber.get(n)!;
      // Postponed matches too: they were predicted before they were called off, and score void.
      return { id: gw.id, fixtures: gw.fixtures.map((f) => ({ id: f.fixture_id, readHome: f.read_home, readAway: f.read_away })) };
    }),
  };
}

/** Whether demo fans exist (the world is made once: a second seeding does nothing). */
export function demoWorldSeeded(db: DataSource): Promise<boolean> {
  return demoWorldExists(db);
}

/**
 * Populates the active season with demo fans (`users.is_demo`), their predictions for every
 * past gameweek, the current and the next, their automatic leagues and a handful of private and
 * public leagues; then scores the played fixtures through ScoringService (which also raises
 * scores.updated, so the workers write the activity entries) and computes every table through
 * StandingsService, so points, totals and ranks are right as soon as this returns. Works on a
 * bare DataSource (the start-up migration step runs it before the apps boot). Does nothing when
 * demo fans exist already or there is no active season; answers what it made, or null.
 */
export async function seedDemoWorld(db: DataSource, options: DemoWorldOptions = {}): Promise<DemoWorldSummary | null> {
  const count = options.fans ?? DEMO_FAN_COUNT;
  const seed = options.seed ?? DEMO_WORLD_SEED;
  const outbox = new OutboxService(db);

  const made = await db.transaction(async (tx) => {
    if (await demoWorldExists(tx)) return null;
    // The competition new fans are put in (the home one when it is being played): its active season.
    const season = await selectActiveSeasonOf(tx, await selectActiveCompetitionCode(tx));
    if (!season) return null;
    const ref = await selectDemoReferenceData(tx, season.id);
    const fans = planDemoFans(count, seed, ref);
    const { gameweeks, numbers, everyonePlays } = gameweeksToPredict(await selectDemoSeasonFixtures(tx, season.id));

    const ids = await insertDemoUsers(tx, {
      usernames: fans.map((f) => f.username),
      emails: fans.map((f) => f.email),
      firstNames: fans.map((f) => f.firstName),
      lastNames: fans.map((f) => f.lastName),
      countryCodes: fans.map((f) => f.countryCode),
      clubNames: fans.map((f) => f.clubName),
      joinedDaysAgo: fans.map((f) => f.joinedDaysAgo),
    });
    const userIds = fans.map((f) => ids.get(f.username)!);

    const predictions = planDemoPredictions(fans, gameweeks, seed + 1, everyonePlays);
    const written = await insertDemoPredictions(tx, {
      userIds: predictions.map((p) => userIds[p.fan]),
      fixtureIds: predictions.map((p) => p.fixtureId),
      homes: predictions.map((p) => p.home),
      aways: predictions.map((p) => p.away),
      bankers: predictions.map((p) => p.banker),
    });

    const automatic = await new AutomaticMembershipService(outbox, new SeasonsService(db)).joinAutomaticLeaguesOfMany(tx, userIds);
    const leagues = planDemoLeagues(fans.length, seed + 2);
    const codeRandom = seededRandom(seed + 3);
    const leagueIds = await insertDemoLeagues(tx, {
      competitionCode: season.league_code,
      names: leagues.map((l) => l.name),
      descriptions: leagues.map((l) => l.description),
      types: leagues.map((l) => l.type),
      codes: leagues.map((l) => (l.type === 'private' ? generateInviteCode((max) => Math.floor(codeRandom() * max)) : null)),
      maxMembers: leagues.map((l) => (l.type === 'private' ? PRIVATE_LEAGUE_CAP : null)),
      ownerIds: leagues.map((l) => userIds[l.members[0]]),
    });
    const memberships = leagues.flatMap((l, i) => l.members.map((fan, position) => ({ leagueId: leagueIds[i], userId: userIds[fan], role: position === 0 ? 'owner' : 'member' })));
    await insertDemoLeagueMembers(tx, {
      leagueIds: memberships.map((m) => m.leagueId),
      userIds: memberships.map((m) => m.userId),
      roles: memberships.map((m) => m.role),
    });
    return {
      seasonId: season.id,
      fans: fans.length,
      userIds,
      predictions: written,
      gameweeks: numbers,
      leagueIds: [...automatic, ...leagueIds],
      privateAndPublicLeagueIds: leagueIds,
    };
  });
  if (!made) return null;
  await analyzeDemoTables(db);

  // Points through the normal scorer, a transaction per fixture as the scoring worker does (in
  // one transaction the season totals rows would pile up a version per fixture: much slower).
  // A few hundred fans a fixture: one statement each, never split.
  const scoring = new ScoringService(db, outbox, { scoringSplit: { parts: 1, from: 1 } });
  const fixtureIds = await selectFixturesToScore(db, made.seasonId);
  const beforeScoring = await outbox.latestEventId();
  for (const id of fixtureIds) await scoring.scoreFixture(id);

  // Every table with demo members, through the standings worker's own recompute.
  const seasons = new SeasonContextService(db);
  const standings = new StandingsService(db, seasons, new ActivityWriterService(db));
  for (const id of made.leagueIds) await standings.recomputeLeague(id);

  // The scores' events, consumed here rather than by the workers: a first start would otherwise
  // hand them a backlog of every past result (a recompute and a settle per event) while the
  // first visitors arrive. What the workers would do that matters: the activity entries and the
  // gameweek and month winners; nobody is connected to push to, and demo fans get no emails.
  const activity = new ActivityWriterService(db);
  const scored = await outbox.takeOverEventsSince(beforeScoring, 'scores.updated');
  const lastOfGameweek = new Map(scored.map((event) => [event.payload.gameweekId, event.id]));
  for (const event of scored) await activity.scoresUpdated(event, { gameweek: lastOfGameweek.get(event.payload.gameweekId) === event.id });
  const winners = new PeriodWinnersService(db, activity);
  for (const gameweekId of [...lastOfGameweek.keys()].sort((a, b) => a - b)) await winners.settle(gameweekId);

  // Rank over time for every completed gameweek, as the standings worker stores it at each completion.
  await new RankHistoryService(db).backfillMissing();

  const summary: DemoWorldSummary = { ...made, scoredFixtures: fixtureIds.length };
  new Logger('DemoWorld').log(
    `Demo world: ${summary.fans} fans, ${summary.predictions} predictions over gameweeks ${summary.gameweeks[0]}–${summary.gameweeks.at(-1)}, ` +
      `${summary.leagueIds.length} leagues, ${summary.scoredFixtures} fixtures scored`,
  );
  return summary;
}
