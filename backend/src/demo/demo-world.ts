import { Logger } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { bonusQuestionsOf } from '@scoreline/contracts/game/bonus-questions';
import { hasAdvancePick } from '@scoreline/contracts/game/knockout';
import { ActivityWriterService } from '../activity/activity-writer.service';
import { BonusPointsService } from '../bonus/bonus-points.service';
import { SeasonResultsService } from '../fixtures/season-results.service';
import { SeasonPlayersService } from '../seasons/season-players.service';
import { AutomaticMembershipService } from '../leagues/automatic-membership.service';
import { generateInviteCode } from '../leagues/invite-code';
import { OutboxService } from '../platform/outbox/outbox.service';
import { seededRandom } from '../replay/replay-plan';
import { ScoringService } from '../scoring/scoring.service';
import { SeasonsService } from '../seasons/seasons.service';
import { SeasonContextService } from '../standings/season-context.service';
import { PeriodWinnersService } from '../standings/period-winners.service';
import { RankHistoryService } from '../standings/rank-history.service';
import { StandingsService } from '../standings/standings.service';
import {
  analyzeDemoTables,
  demoWorldExists,
  insertDemoBonusAnswers,
  insertDemoLeagueMembers,
  insertDemoLeagues,
  insertDemoPredictions,
  insertDemoTournamentPlayers,
  insertDemoUsers,
  selectDemoCompetitions,
  selectDemoLeaguesOf,
  selectDemoReferenceData,
  selectDemoSeasonFixtures,
  selectDemoSeasonTeams,
  selectFixturesToScore,
  type DemoCompetitionRow,
  type DemoFixtureRow,
} from './demo-world.queries';
import { DEMO_BONUS_PICKS, DEMO_TOURNAMENT_LEAGUES } from './demo-names';
import {
  planDemoBonusAnswers,
  planDemoFans,
  planDemoLeagues,
  planDemoPredictions,
  planTournamentFans,
  type DemoFan,
  type DemoGameweek,
  type DemoLeague,
  type DemoPrediction,
} from './demo-world-plan';

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

/** A competition played beside the home one (the demo's World Cup): its players among the fans. */
export interface DemoCompetitionSummary {
  seasonId: number;
  code: string;
  /** The demo fans who play it too (about half of them). */
  userIds: number[];
  predictions: number;
  /** Round numbers they predicted: every played one and the open one (matches with both teams known). */
  gameweeks: number[];
  /** Its leagues with demo members: its global, country and team leagues and its private one. */
  leagueIds: number[];
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
  /** The other competitions being played (the World Cup), each peopled by about half the fans. */
  otherCompetitions: DemoCompetitionSummary[];
  /** Answers to the competitions' bonus questions. */
  bonusAnswers: number;
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
      return {
        id: gw.id,
        fixtures: gw.fixtures.map((f) => ({
          id: f.fixture_id,
          readHome: f.read_home,
          readAway: f.read_away,
          advancePick: hasAdvancePick({ knockout: f.knockout, leg: f.tie_leg }),
        })),
      };
    }),
  };
}

/** Whether demo fans exist (the world is made once: a second seeding does nothing). */
export function demoWorldSeeded(db: DataSource): Promise<boolean> {
  return demoWorldExists(db);
}

/** Predictions as the rows insertDemoPredictions writes, fans by id. */
function predictionRows(predictions: readonly (DemoPrediction & { userId: number })[]) {
  return {
    userIds: predictions.map((p) => p.userId),
    fixtureIds: predictions.map((p) => p.fixtureId),
    homes: predictions.map((p) => p.home),
    aways: predictions.map((p) => p.away),
    bankers: predictions.map((p) => p.banker),
    advances: predictions.map((p) => p.advance),
  };
}

/** Private and public leagues of one competition, owned by their first member, and their memberships. */
async function writeDemoLeagues(tx: EntityManager, competitionCode: string, leagues: readonly DemoLeague[], userIdOf: (fan: number) => number, codeRandom: () => number): Promise<number[]> {
  const leagueIds = await insertDemoLeagues(tx, {
    competitionCode,
    names: leagues.map((l) => l.name),
    descriptions: leagues.map((l) => l.description),
    types: leagues.map((l) => l.type),
    codes: leagues.map((l) => (l.type === 'private' ? generateInviteCode((max) => Math.floor(codeRandom() * max)) : null)),
    maxMembers: leagues.map((l) => (l.type === 'private' ? PRIVATE_LEAGUE_CAP : null)),
    ownerIds: leagues.map((l) => userIdOf(l.members[0])),
  });
  const memberships = leagues.flatMap((l, i) => l.members.map((fan, position) => ({ leagueId: leagueIds[i], userId: userIdOf(fan), role: position === 0 ? 'owner' : 'member' })));
  await insertDemoLeagueMembers(tx, {
    leagueIds: memberships.map((m) => m.leagueId),
    userIds: memberships.map((m) => m.userId),
    roles: memberships.map((m) => m.role),
  });
  return leagueIds;
}

/** A competition's bonus answers by some of its demo players (`fans`: indexes), before its questions locked. */
async function writeDemoBonusAnswers(tx: EntityManager, competition: DemoCompetitionRow, fans: readonly number[], userIds: readonly number[], seed: number): Promise<number> {
  const format = competition.tournament ? 'tournament' : 'league';
  const answers = planDemoBonusAnswers(fans, seed, {
    // The questions BonusService asks: no squads are stored, so the top scorer is typed.
    questions: bonusQuestionsOf({ format, hasSquads: false }),
    teams: await selectDemoSeasonTeams(tx, competition.season_id),
    picks: DEMO_BONUS_PICKS[format],
  });
  return insertDemoBonusAnswers(tx, competition.season_id, {
    userIds: answers.map((a) => userIds[a.fan]),
    questions: answers.map((a) => a.question),
    teamNames: answers.map((a) => a.team),
    playerNames: answers.map((a) => a.playerName),
  });
}

interface PlannedCompetition {
  summary: Omit<DemoCompetitionSummary, 'predictions' | 'leagueIds'>;
  predictions: (DemoPrediction & { userId: number })[];
  fans: number[];
}

/**
 * A competition beside the home one (the World Cup): about half the fans play it with a
 * national team of theirs, predict its played rounds and its open one (who goes through
 * included), and are in its automatic leagues and one private league of it. The automatic
 * leagues through the leagues domain (AutomaticMembershipService), as a fan who starts playing
 * is put in them.
 */
async function peopleOtherCompetition(
  tx: EntityManager,
  competition: DemoCompetitionRow,
  fans: readonly DemoFan[],
  userIds: readonly number[],
  seed: number,
  automatic: AutomaticMembershipService,
): Promise<PlannedCompetition & { leagueIds: number[] }> {
  const players = planTournamentFans(fans, seed, await selectDemoSeasonTeams(tx, competition.season_id));
  const playerIds = players.map((p) => userIds[p.fan]);
  await insertDemoTournamentPlayers(tx, competition.season_id, competition.code, { userIds: playerIds, teamNames: players.map((p) => p.team) });
  const { gameweeks, numbers, everyonePlays } = gameweeksToPredict(await selectDemoSeasonFixtures(tx, competition.season_id));
  const predictions = planDemoPredictions(
    players.map((p) => fans[p.fan]),
    gameweeks,
    seed + 1,
    everyonePlays,
  ).map((p) => ({ ...p, fan: players[p.fan].fan, userId: playerIds[p.fan] }));
  // Its global league, the league of their country and the fans league of their national team.
  for (const id of playerIds) await automatic.syncCompetition(tx, competition.code, id);
  const leagues = planDemoLeagues(players.length, seed + 2, DEMO_TOURNAMENT_LEAGUES).map((l) => ({ ...l, members: l.members.map((i) => players[i].fan) }));
  const own = await writeDemoLeagues(tx, competition.code, leagues, (fan) => userIds[fan], seededRandom(seed + 3));
  const joined = await selectDemoLeaguesOf(tx, competition.code, playerIds);
  return {
    summary: { seasonId: competition.season_id, code: competition.code, userIds: playerIds, gameweeks: numbers },
    predictions,
    fans: players.map((p) => p.fan),
    leagueIds: [...new Set([...joined, ...own])].sort((a, b) => a - b),
  };
}

/**
 * Populates the competitions being played with demo fans (`users.is_demo`): the home one's
 * active season (the Premier League) with every fan — their predictions for every past
 * gameweek, the current and the next, their automatic leagues and a handful of private and
 * public leagues — and each other one (the World Cup) with about half of them
 * (peopleOtherCompetition); a few answers to each competition's bonus questions. Then scores the
 * played fixtures through ScoringService (which also raises scores.updated, so the workers write
 * the activity entries) and computes every table through StandingsService, so points, totals and
 * ranks are right as soon as this returns. Works on a bare DataSource (the start-up migration
 * step runs it before the apps boot). Does nothing when demo fans exist already or there is no
 * active season; answers what it made, or null.
 */
export async function seedDemoWorld(db: DataSource, options: DemoWorldOptions = {}): Promise<DemoWorldSummary | null> {
  const count = options.fans ?? DEMO_FAN_COUNT;
  const seed = options.seed ?? DEMO_WORLD_SEED;
  const outbox = new OutboxService(db);
  const seasonsService = new SeasonsService(db);
  const beforeWorld = await outbox.latestEventId();

  const world = await db.transaction(async (tx) => {
    if (await demoWorldExists(tx)) return null;
    // The competition new fans are put in (the home one when it is being played): its active season.
    const season = await seasonsService.activeSeasonOf(await seasonsService.activeCompetitionCode(tx), tx);
    if (!season) return null;
    const competitions = await selectDemoCompetitions(tx);
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

    const predictions = planDemoPredictions(fans, gameweeks, seed + 1, everyonePlays).map((p) => ({ ...p, userId: userIds[p.fan] }));
    const automatic = new AutomaticMembershipService(outbox, seasonsService);
    const automaticIds = await automatic.joinAutomaticLeaguesOfMany(tx, userIds);
    const leagueIds = await writeDemoLeagues(tx, season.league_code, planDemoLeagues(fans.length, seed + 2), (fan) => userIds[fan], seededRandom(seed + 3));

    const home = competitions.find((c) => c.season_id === season.id);
    const others: (PlannedCompetition & { leagueIds: number[] })[] = [];
    for (const [i, competition] of competitions.filter((c) => c.season_id !== season.id).entries()) {
      others.push(await peopleOtherCompetition(tx, competition, fans, userIds, seed + 10 * (i + 1), automatic));
    }
    // Every competition's predictions in one call: the totals rows are made from all of them.
    await insertDemoPredictions(tx, predictionRows([...predictions, ...others.flatMap((o) => o.predictions)]));

    let bonusAnswers = home ? await writeDemoBonusAnswers(tx, home, fans.map((_, i) => i), userIds, seed + 4) : 0;
    for (const [i, other] of others.entries()) {
      const competition = competitions.find((c) => c.season_id === other.summary.seasonId)!;
      bonusAnswers += await writeDemoBonusAnswers(tx, competition, other.fans, userIds, seed + 10 * (i + 1) + 4);
    }
    return {
      seasonId: season.id,
      fans: fans.length,
      userIds,
      predictions: predictions.length,
      gameweeks: numbers,
      leagueIds: [...automaticIds, ...leagueIds, ...others.flatMap((o) => o.leagueIds)],
      privateAndPublicLeagueIds: leagueIds,
      otherCompetitions: others.map((o) => ({ ...o.summary, predictions: o.predictions.length, leagueIds: o.leagueIds })),
      bonusAnswers,
    };
  });
  if (!world) return null;
  // Who joined the other competitions' automatic leagues, one at a time: no "joined" entries
  // for a few hundred seeded fans (joinAutomaticLeaguesOfMany raises none either).
  await outbox.takeOverEventsSince(beforeWorld, 'member.joined');
  await analyzeDemoTables(db);

  // Points through the normal scorer, a transaction per fixture as the scoring worker does (in
  // one transaction the season totals rows would pile up a version per fixture: much slower).
  // A few hundred fans a fixture: one statement each, never split.
  const scoring = new ScoringService(db, outbox, { scoringSplit: { parts: 1, from: 1 } });
  const fixtureIds = [
    ...(await selectFixturesToScore(db, world.seasonId)),
    ...(await Promise.all(world.otherCompetitions.map((o) => selectFixturesToScore(db, o.seasonId)))).flat(),
  ];
  const beforeScoring = await outbox.latestEventId();
  for (const id of fixtureIds) await scoring.scoreFixture(id);
  // The bonus points the results settle, as the standings worker writes them after scores
  // (nothing while a league is under way and a tournament's final unplayed: the demo's case).
  const bonusPoints = new BonusPointsService(db, new SeasonResultsService(db), outbox, new SeasonPlayersService(db));
  for (const seasonId of [world.seasonId, ...world.otherCompetitions.map((o) => o.seasonId)]) await bonusPoints.settleFromResults(seasonId);
  await outbox.takeOverEventsSince(beforeScoring, 'bonus.settled');

  // Every table with demo members, through the standings worker's own recompute (each league
  // with its own competition's season).
  const seasons = new SeasonContextService(db);
  const standings = new StandingsService(db, seasons, new ActivityWriterService(db), bonusPoints);
  for (const id of world.leagueIds) await standings.recomputeLeague(id);

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

  const summary: DemoWorldSummary = { ...world, scoredFixtures: fixtureIds.length };
  const beside = summary.otherCompetitions.map((o) => `; ${o.code}: ${o.userIds.length} of them, ${o.predictions} predictions over rounds ${o.gameweeks.join(', ')}`).join('');
  new Logger('DemoWorld').log(
    `Demo world: ${summary.fans} fans, ${summary.predictions} predictions over gameweeks ${summary.gameweeks[0]}–${summary.gameweeks.at(-1)}${beside}, ` +
      `${summary.leagueIds.length} leagues, ${summary.bonusAnswers} bonus answers, ${summary.scoredFixtures} fixtures scored`,
  );
  return summary;
}
