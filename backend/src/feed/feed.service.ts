import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Actor } from '../audit/actor';
import { ApiError } from '../platform/common/api-error';
import { isOutageError } from '../platform/common/outage';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { FixtureAdminService } from '../fixtures/fixture-admin.service';
import { feedPolls, feedProblems, readFeedStalenessWith } from '../platform/metrics/metrics';
import { SeasonsService } from '../seasons/seasons.service';
import { decideChanges, providerStateKey, type FeedCommand, type FeedProblemNote } from './feed-changes';
import { describeProviderMatch, describeProviderTeam, matchFixture, matchTeam, type SeasonFixture, type SeasonTeam } from './feed-matching';
import { pollWindow, type PollResult } from './feed-schedule';
import {
  deleteProblemsBefore,
  insertMatchLink,
  insertProblem,
  insertTeamLink,
  recordPoll,
  resolveUnmatched,
  selectCompetitionsInPlay,
  selectLinkedClubIds,
  selectMatchLinks,
  selectSeasonFixtures,
  selectSeasonTeams,
  selectStaleness,
  selectStoredFixtures,
  selectTeamLinks,
  updateNextPoll,
  updateSeenState,
  upsertUnmatched,
} from './feed.queries';
import { FOOTBALL_DATA_PROVIDER_NAME, footballDataCompetitionCodes } from './football-data/football-data.provider';
import { ProviderFailure, type ProviderAnswer, type ProviderMatch, type ResultsProvider } from './provider';

/** A competition the feed polls: ours, and the provider's code of it. */
export interface FedCompetition {
  competition: string;
  providerCode: string;
}

/** A provider match linked to our fixture, with what the provider last said of it once applied. */
interface LinkedMatch {
  match: ProviderMatch;
  fixtureId: number;
  sides: { home: number | null; away: number | null };
  seenState: string | null;
}

/** Problems are kept a week. */
const PROBLEM_HISTORY_MS = 7 * 24 * 3600 * 1000;
/** "About to start": polled as often as one in play. */
const SOON_MINUTES = 15;
/** A match past its kick-off still scheduled is watched this long (the provider may be late to say it started). */
const LATE_MINUTES = 180;

/** What one poll changed, for the log and the tests. */
export interface PollReport extends PollResult {
  competition: string;
  /** Domain commands applied (each one transaction of FixtureAdminService). */
  applied: number;
  /** Problems recorded by this poll. */
  problems: number;
}

/**
 * The results feed (issue 35): polls one competition through a ResultsProvider, matches the
 * provider's teams and matches to ours (stored links first; what does not match is listed for an
 * operator, never guessed), and hands each match's changes to FixtureAdminService — the
 * operator's own path, each command its own transaction with its `result.recorded` event. A match
 * is applied or refused whole; a failed call or a refused match writes nothing but a problem row,
 * a log line and a metric. Who polls when is FeedPoller's (one per deployment, behind a lease).
 */
@Injectable()
export class FeedService implements OnModuleInit {
  private readonly logger = new Logger('Feed');
  /** The last problem reported per provider match: a refusal repeated at every poll is reported once. */
  private readonly reported = new Map<string, string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fixtures: FixtureAdminService,
    private readonly seasons: SeasonsService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  onModuleInit(): void {
    // Any process answers /metrics with the same staleness: it is read from the database.
    readFeedStalenessWith(async () => selectStaleness(this.db, Object.keys(this.competitionCodes())));
  }

  /** The provider's name as links and metrics store it. */
  get providerName(): string {
    return FOOTBALL_DATA_PROVIDER_NAME;
  }

  /** Our competition code → the provider's: FOOTBALL_DATA_COMPETITIONS, else football-data's own map. */
  competitionCodes(): Record<string, string> {
    return this.env.feed.competitions ?? footballDataCompetitionCodes();
  }

  /** The competitions being played that the provider has. */
  async competitionsToPoll(): Promise<FedCompetition[]> {
    const codes = this.competitionCodes();
    return (await this.seasons.activeSeasons())
      .filter((s) => Object.prototype.hasOwnProperty.call(codes, s.league_code))
      .map((s) => ({ competition: s.league_code, providerCode: codes[s.league_code] }));
  }

  /** Of these competitions, those with a match in play, about to start, or late to start. */
  competitionsInPlay(codes: string[]): Promise<Set<string>> {
    return codes.length === 0 ? Promise.resolve(new Set()) : selectCompetitionsInPlay(this.db, codes, SOON_MINUTES, LATE_MINUTES);
  }

  async recordNextPoll(competition: string, at: Date): Promise<void> {
    await updateNextPoll(this.db, competition, at);
  }

  async pruneProblems(now = new Date()): Promise<number> {
    return deleteProblemsBefore(this.db, new Date(now.getTime() - PROBLEM_HISTORY_MS));
  }

  /**
   * One poll of one competition: ask the provider, match, apply. A failed call writes its problem
   * and the poll's state only; the last state of every match stays.
   */
  async pollCompetition(provider: ResultsProvider, fed: FedCompetition, now = new Date()): Promise<PollReport> {
    const { competition, providerCode } = fed;
    const report: PollReport = { competition, outcome: 'ok', requestsLeft: null, resetSeconds: null, retryAfterSeconds: null, applied: 0, problems: 0 };
    const season = (await this.seasons.activeSeasons()).find((s) => s.league_code === competition);
    if (!season) return { ...report, outcome: 'not-active' };
    let answer: ProviderAnswer;
    try {
      answer = await provider.matches(providerCode, pollWindow(now));
    } catch (error) {
      const failure = error instanceof ProviderFailure ? error : new ProviderFailure('unavailable', `the provider call failed: ${(error as Error).message}`);
      report.outcome = failure.kind;
      report.retryAfterSeconds = failure.retryAfterSeconds;
      await this.problem(report, { kind: failure.kind, message: failure.message }, null);
      await this.recordPoll(provider, fed, report, false);
      return report;
    }
    report.requestsLeft = answer.requestsLeft;
    report.resetSeconds = answer.resetSeconds;
    try {
      await this.apply(provider, competition, season.id, answer.matches, now, report);
    } catch (error) {
      // Postgres away, or a bug: the poll failed; what was applied before stays (each command its own transaction).
      report.outcome = 'error';
      this.logger.error(`feed ${competition}: the poll failed while applying: ${(error as Error).message}`);
      await this.recordPoll(provider, fed, report, false).catch(() => undefined);
      return report;
    }
    await this.recordPoll(provider, fed, report, true);
    if (report.applied > 0) this.logger.log(`feed ${competition}: ${report.applied} change(s) applied from ${answer.matches.length} match(es)`);
    return report;
  }

  private async recordPoll(provider: ResultsProvider, fed: FedCompetition, report: PollReport, good: boolean): Promise<void> {
    feedPolls.inc({ competition: fed.competition, outcome: report.outcome });
    await recordPoll(this.db, {
      competition: fed.competition,
      provider: provider.name,
      providerCode: fed.providerCode,
      outcome: report.outcome,
      good,
      requestsLeft: report.requestsLeft,
      nextPollAt: null,
    });
  }

  /** The teams, then the matches: links stored, unmatched listed, each linked match's changes applied or refused. */
  private async apply(provider: ResultsProvider, competition: string, seasonId: number, matches: ProviderMatch[], now: Date, report: PollReport): Promise<void> {
    const clubOf = await this.linkTeams(provider.name, competition, seasonId, matches, report);
    const linked = await this.linkMatches(provider.name, competition, seasonId, matches, clubOf, report);
    if (linked.length === 0) return;
    const stored = await selectStoredFixtures(this.db, [...new Set(linked.map((l) => l.fixtureId))]);
    for (const { match, fixtureId, sides, seenState } of linked) {
      const fixture = stored.get(fixtureId);
      if (!fixture) continue;
      // Nothing new from the provider: what is stored stands, an operator's correction included.
      const state = providerStateKey(match, sides);
      if (state === seenState) continue;
      const decision = decideChanges(fixture, match, sides, now);
      const key = `${competition}:${match.id}`;
      if (!decision.ok) {
        await this.problemOnce(key, report, [decision.refusal], match.id);
        continue;
      }
      const problems = [...decision.notes];
      for (const command of decision.commands) {
        const refused = await this.command(fixtureId, command, provider.name);
        if (refused) {
          problems.push(refused);
          break;
        }
        report.applied += 1;
      }
      // Reported once while it stays; forgotten once the match applies cleanly, so a later one is reported anew.
      if (problems.length > 0) await this.problemOnce(key, report, problems, match.id);
      else {
        this.reported.delete(key);
        await updateSeenState(this.db, provider.name, match.id, state);
      }
    }
  }

  /** Each provider team's club: stored links, then matches by name (stored); unmatched ones listed. */
  private async linkTeams(provider: string, competition: string, seasonId: number, matches: ProviderMatch[], report: PollReport): Promise<Map<number, number>> {
    const teams = new Map<number, ProviderMatch['home'] & { id: number }>();
    for (const m of matches) for (const t of [m.home, m.away]) if (t.id !== null) teams.set(t.id, { ...t, id: t.id });
    const clubOf = await selectTeamLinks(this.db, provider, [...teams.keys()]);
    const unlinked = [...teams.values()].filter((t) => !clubOf.has(t.id));
    if (unlinked.length === 0) return clubOf;
    const seasonTeams: SeasonTeam[] = await selectSeasonTeams(this.db, seasonId);
    const linkedClubs = await selectLinkedClubIds(this.db, provider);
    for (const team of unlinked) {
      const found = matchTeam(team, null, seasonTeams, linkedClubs);
      if (found.kind === 'unmatched') {
        const description = describeProviderTeam(team);
        const opened = await upsertUnmatched(this.db, { kind: 'team', provider, providerId: team.id, competition, description, reason: found.reason });
        if (opened) await this.problem(report, { kind: 'unknown-team', message: `${description}: ${found.reason}; map it in the console` }, null);
        continue;
      }
      await insertTeamLink(this.db, provider, team.id, found.clubId);
      await resolveUnmatched(this.db, 'team', provider, team.id);
      clubOf.set(team.id, found.clubId);
      linkedClubs.add(found.clubId);
    }
    return clubOf;
  }

  /** Each provider match's fixture: stored link, then matched by teams and kick-off (stored); unmatched ones listed. */
  private async linkMatches(
    provider: string,
    competition: string,
    seasonId: number,
    matches: ProviderMatch[],
    clubOf: ReadonlyMap<number, number>,
    report: PollReport,
  ): Promise<LinkedMatch[]> {
    const links = await selectMatchLinks(this.db, provider, matches.map((m) => m.id));
    let fixtures: SeasonFixture[] | null = null;
    const linked: LinkedMatch[] = [];
    for (const match of matches) {
      // A side the provider knows but we cannot place yet waits for its team's mapping (listed already).
      const side = (t: ProviderMatch['home']) => (t.id === null ? null : (clubOf.get(t.id) ?? undefined));
      const home = side(match.home);
      const away = side(match.away);
      if (home === undefined || away === undefined) continue;
      const sides = { home, away };
      const stored = links.get(match.id) ?? null;
      if (stored !== null) {
        linked.push({ match, fixtureId: stored.fixtureId, sides, seenState: stored.seenState });
        continue;
      }
      fixtures ??= await selectSeasonFixtures(this.db, seasonId);
      const found = matchFixture(match, sides, null, fixtures);
      if (found.kind === 'unmatched') {
        const description = describeProviderMatch(match);
        const opened = await upsertUnmatched(this.db, { kind: 'match', provider, providerId: match.id, competition, description, reason: found.reason });
        if (opened) await this.problem(report, { kind: 'unknown-match', message: `${description}: ${found.reason}; map it in the console` }, match.id);
        continue;
      }
      if (!(await insertMatchLink(this.db, provider, match.id, found.fixtureId))) continue;
      await resolveUnmatched(this.db, 'match', provider, match.id);
      const fixture = fixtures.find((f) => f.id === found.fixtureId);
      if (fixture) fixture.linked = true;
      linked.push({ match, fixtureId: found.fixtureId, sides, seenState: null });
    }
    return linked;
  }

  /** One command through the operator's path; a refusal by the domain (an ApiError) comes back as a problem. */
  private async command(fixtureId: number, command: FeedCommand, provider: string): Promise<FeedProblemNote | null> {
    const actor: Actor = { kind: 'feed', provider };
    try {
      switch (command.kind) {
        case 'setTeams':
          await this.fixtures.setTeams(fixtureId, command.homeClubId, command.awayClubId, actor);
          break;
        case 'reschedule':
          await this.fixtures.reschedule(fixtureId, command.kickoffAt.toISOString(), actor);
          break;
        case 'recordResult':
          await this.fixtures.recordResult(fixtureId, command.input, actor);
          break;
        case 'postpone':
          await this.fixtures.postpone(fixtureId, actor);
          break;
      }
      return null;
    } catch (error) {
      // Postgres away fails the poll (the next one retries); anything else is this match's problem, not the others'.
      if (isOutageError(error)) throw error;
      const said = error instanceof ApiError ? (error.getResponse() as { message?: string }).message : undefined;
      if (!(error instanceof ApiError)) this.logger.error(`feed: fixture ${fixtureId}: ${command.kind} failed: ${(error as Error).stack ?? String(error)}`);
      return { kind: 'refused', message: `fixture ${fixtureId}: ${command.kind} refused: ${said ?? (error as Error).message}` };
    }
  }

  /** A problem reported once while it stays the same for that match. */
  private async problemOnce(key: string, report: PollReport, notes: FeedProblemNote[], providerMatchId: number): Promise<void> {
    const signature = notes.map((n) => `${n.kind}: ${n.message}`).join('\n');
    if (this.reported.get(key) === signature) return;
    this.reported.set(key, signature);
    for (const note of notes) await this.problem(report, { kind: note.kind, message: `match ${providerMatchId}: ${note.message}` }, providerMatchId);
  }

  /** Logged (one line), counted, and stored for the console. */
  private async problem(report: PollReport, note: FeedProblemNote, providerMatchId: number | null): Promise<void> {
    this.logger.warn(`feed ${report.competition}: ${note.kind}: ${note.message}`);
    feedProblems.inc({ competition: report.competition, kind: note.kind });
    report.problems += 1;
    await insertProblem(this.db, { competition: report.competition, kind: note.kind, message: note.message, providerMatchId });
  }
}
