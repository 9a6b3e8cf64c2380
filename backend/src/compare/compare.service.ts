import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type {
  DifferingPick,
  HeadToHeadGameweek,
  HeadToHeadPlayer,
  HeadToHeadResponse,
  MyRankHistoryResponse,
  RankHistory,
  RankHistoryPoint,
} from '@scoreline/contracts/api/compare';
import { bestAndWorstRank, gameweekWinner, pickVerdict, picksDiffer } from '@scoreline/contracts/game/head-to-head';
import { roundName } from '@scoreline/contracts/game/round-name';
import { ApiError } from '../platform/common/api-error';
import { LEAGUE_NOT_FOUND } from '../leagues/id-param.pipe';
import { initials } from '../platform/common/initials';
import { SeasonsService } from '../seasons/seasons.service';
import { RankHistoryService, StoredRankPoint } from '../standings/rank-history.service';
import {
  selectLeagueAndPlayers,
  selectPickPairs,
  selectPlayerFigures,
  selectRevealedGameweeks,
  type LeagueAndPlayers,
  type MemberJson,
  type PairRow,
} from './compare.queries';

export const NOT_A_SHARED_MEMBER = 'That user is not a member of this league.';
export const SELF_COMPARE = 'Pick another member to compare with: this is you.';

/**
 * Head to head between two members of one league, and rank over time. Only gameweeks whose
 * picks are revealed (deadline passed) take part, so nothing here tells anyone's picks early.
 */
@Injectable()
export class CompareService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rankHistory: RankHistoryService,
    private readonly seasons: SeasonsService,
  ) {}

  async headToHead(leagueId: number, viewerId: number, otherId: number): Promise<HeadToHeadResponse> {
    if (otherId === viewerId) throw ApiError.badRequest(SELF_COMPARE);
    const league = await this.sharedLeague(leagueId, viewerId, otherId);
    const [gameweekRows, figureRows, pairRows] = await Promise.all([
      selectRevealedGameweeks(this.db, league.season_id, viewerId, otherId),
      selectPlayerFigures(this.db, league.season_id, [viewerId, otherId]),
      selectPickPairs(this.db, league.season_id, viewerId, otherId),
    ]);

    const gameweeks: HeadToHeadGameweek[] = gameweekRows.map((g) => ({
      gameweek_id: g.id,
      number: g.number,
      name: roundName(g),
      my_points: g.my_points,
      their_points: g.their_points,
      completed: g.completed,
      winner: g.completed ? gameweekWinner(g.my_points, g.their_points) : null,
    }));
    const differing = pairRows
      .filter((r) => picksDiffer({ home: r.my_home, away: r.my_away }, { home: r.their_home, away: r.their_away }))
      .map((r) => this.toDifferingPick(r));
    const summary = { me: 0, them: 0, both: 0, neither: 0 };
    for (const d of differing) if (d.verdict) summary[d.verdict] += 1;

    const count = (who: 'me' | 'them' | 'draw') => gameweeks.filter((g) => g.winner === who).length;
    const player = (m: MemberJson, points: number, won: number): HeadToHeadPlayer => {
      const f = figureRows.find((x) => x.user_id === m.user_id);
      return {
        user_id: m.user_id,
        username: m.username,
        name: `${m.first_name} ${m.last_name}`,
        avatar: initials(m.first_name, m.last_name),
        // The season table's total: round points and the settled bonus points.
        total_points: points + m.bonus_points,
        bonus_points: m.bonus_points,
        gameweeks_won: won,
        exact_scores: f?.exact_scores ?? 0,
        correct_results: f?.correct_results ?? 0,
        banker_hits: f?.banker_hits ?? 0,
        rank: m.rank,
      };
    };
    return {
      league: { id: league.id, name: league.name },
      me: player(league.me!, gameweeks.reduce((s, g) => s + g.my_points, 0), count('me')),
      them: player(league.them!, gameweeks.reduce((s, g) => s + g.their_points, 0), count('them')),
      drawn_gameweeks: count('draw'),
      gameweeks,
      differing_picks: differing,
      differing_summary: summary,
    };
  }

  /** A member's rank history in a league the viewer is in (the viewer's own too). */
  async memberRankHistory(leagueId: number, viewerId: number, userId: number): Promise<RankHistory> {
    const league = await this.sharedLeague(leagueId, viewerId, userId);
    const stored = await this.rankHistory.historyOf(userId, [leagueId]);
    return toRankHistory({ id: league.id, name: league.name, type: league.type }, userId, stored);
  }

  /** The viewer's rank history in every league they are in, or in a competition's (404 when it is not being played). */
  async myRankHistory(viewerId: number, competition?: string): Promise<MyRankHistoryResponse> {
    if (competition !== undefined) await this.seasons.seasonForRequest(competition, viewerId);
    const leagues = await this.rankHistory.leaguesOf(viewerId, competition);
    const stored = await this.rankHistory.historyOf(
      viewerId,
      leagues.map((l) => l.id),
    );
    return { leagues: leagues.map((l) => toRankHistory(l, viewerId, stored.filter((p) => p.league_id === l.id))) };
  }

  /** Both are members of the league, or 404 alike (unknown league, private league, stranger). */
  private async sharedLeague(leagueId: number, viewerId: number, otherId: number): Promise<LeagueAndPlayers> {
    const row = await selectLeagueAndPlayers(this.db, leagueId, viewerId, otherId);
    if (!row || !row.me) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    if (!row.them) throw ApiError.notFound(NOT_A_SHARED_MEMBER);
    return row;
  }

  private toDifferingPick(r: PairRow): DifferingPick {
    // A verdict once the match is over; while it is live the outcomes are provisional.
    const over = r.status === 'finished';
    return {
      fixture_id: r.fixture_id,
      gameweek_number: r.gameweek_number,
      gameweek_name: roundName({ number: r.gameweek_number, name: r.gameweek_name }),
      kickoff_at: new Date(r.kickoff_at).toISOString(),
      home_team: r.home_team,
      away_team: r.away_team,
      status: r.status,
      home_score: r.home_score,
      away_score: r.away_score,
      mine: { home_score: r.my_home, away_score: r.my_away, is_banker: r.my_banker, points: r.my_points, outcome: r.my_outcome },
      theirs: { home_score: r.their_home, away_score: r.their_away, is_banker: r.their_banker, points: r.their_points, outcome: r.their_outcome },
      verdict: over ? pickVerdict(r.my_outcome, r.their_outcome) : null,
    };
  }
}

function toRankHistory(league: { id: number; name: string; type: string }, userId: number, stored: StoredRankPoint[]): RankHistory {
  const history: RankHistoryPoint[] = stored.map((p) => ({
    gameweek_id: p.gameweek_id,
    gameweek_number: p.gameweek_number,
    gameweek_name: roundName({ number: p.gameweek_number, name: p.gameweek_name }),
    rank: p.rank,
    points: p.points,
    members: p.members,
  }));
  const marks = bestAndWorstRank(history);
  return { league, user_id: userId, history, best: marks?.best ?? null, worst: marks?.worst ?? null };
}
