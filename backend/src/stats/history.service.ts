import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { GameweekHistoryItem, GameweeksHistory, GameweeksHistoryQuery, HistoryGameweekRef, HistoryMatch, HistoryPlayer } from '@scoreline/contracts/api/stats';
import { picksRevealed } from '@scoreline/contracts/game/reveal';
import { ApiError } from '../platform/common/api-error';
import { SeasonsService } from '../seasons/seasons.service';
import { wholeAccuracy } from './accuracy';
import { selectHistoryMatches, selectPlayer, shareALeague, type HistoryMatchRow } from './history.queries';
import { ScoringService } from '../scoring/scoring.service';
import { pickAtState } from '@scoreline/contracts/game/scoring';
import { pageCount, pageOffset } from '../platform/common/pagination';

const PLAYER_NOT_FOUND = 'Player not found.';

/**
 * Best: highest points among the gameweeks the player predicted that have started; worst: the
 * lowest among completed ones the player predicted. Ties go to the earlier gameweek. Each is
 * named as the season's gameweeks are (`name`: "Gameweek 4", "Round of 32").
 */
export function bestAndWorst(
  gameweeks: ReadonlyArray<{ number: number; name: string; date: string | null; status: GameweekSummary['status']; points: number; predictions: number; started: boolean }>,
): { best: HistoryGameweekRef | null; worst: HistoryGameweekRef | null } {
  const ref = (g: (typeof gameweeks)[number]): HistoryGameweekRef => ({ number: g.number, gameWeek: g.name, date: g.date, points: g.points });
  const played = gameweeks.filter((g) => g.predictions > 0 && g.started).sort((a, b) => a.number - b.number);
  const completed = played.filter((g) => g.status === 'completed');
  const best = played.reduce<(typeof played)[number] | null>((acc, g) => (acc === null || g.points > acc.points ? g : acc), null);
  const worst = completed.reduce<(typeof completed)[number] | null>((acc, g) => (acc === null || g.points < acc.points ? g : acc), null);
  return { best: best && ref(best), worst: worst && ref(worst) };
}

/**
 * Gameweeks history of a player in the active season: summary, best and worst gameweek, and a
 * page of gameweeks each with its matches. Another player's history needs a shared league;
 * their predicted scores stay hidden while a gameweek is still open.
 */
@Injectable()
export class HistoryService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
    private readonly scoring: ScoringService,
  ) {}

  async history(viewerId: number, query: GameweeksHistoryQuery): Promise<GameweeksHistory> {
    const player = await this.resolvePlayer(viewerId, query.player);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? 10;
    const order = query.order ?? 'desc';
    const { season, gameweeks } = await this.seasons.activeGameweeks(await this.seasons.seasonForRequest(query.competition, viewerId));

    // Live: a goal counts at once, before a big match's scoring reaches the player.
    const { season: seasonTotals, gameweeks: gameweekTotals } = await this.scoring.liveTotals(player.id, season.id);
    const totalsOf = new Map(gameweekTotals.map((t) => [t.gameweek_id, t]));
    const now = Date.now();
    // The reveal rule, shared with everyone's picks: another player's picks show once a gameweek locks.
    const started = (g: GameweekSummary) => picksRevealed(g, now);

    const ordered = order === 'asc' ? gameweeks : [...gameweeks].reverse();
    const total = ordered.length;
    const pageGameweeks = ordered.slice(pageOffset(page, pageSize), pageOffset(page + 1, pageSize));

    const matchRows = pageGameweeks.length
      ? await selectHistoryMatches(
          this.db,
          player.id,
          pageGameweeks.map((g) => g.id),
        )
      : [];
    const matchesOf = new Map<number, HistoryMatchRow[]>();
    for (const m of matchRows) matchesOf.set(m.gameweek_id, [...(matchesOf.get(m.gameweek_id) ?? []), m]);

    const items: GameweekHistoryItem[] = pageGameweeks.map((g) => {
      const t = totalsOf.get(g.id);
      const hide = !player.is_current_user && !started(g);
      return {
        id: g.id,
        number: g.number,
        gameWeek: g.name,
        date: g.starts_at,
        status: g.status,
        totalPredictions: t?.predictions ?? 0,
        correctPredictions: t?.correct ?? 0,
        correctScores: t?.exact ?? 0,
        accuracy: wholeAccuracy(t?.correct ?? 0, t?.scored ?? 0),
        points: t?.points ?? 0,
        provisional: t?.provisional ?? false,
        matches: (matchesOf.get(g.id) ?? []).map((m): HistoryMatch => {
          const now = pickAtState(
            { home: m.prediction_home, away: m.prediction_away, banker: m.is_banker, advance: m.advance },
            { status: m.status, home: m.home_score, away: m.away_score, advanced: m.advanced },
          );
          return {
            fixtureId: m.fixture_id,
            homeTeam: m.home_team,
            awayTeam: m.away_team,
            matchTime: new Date(m.kickoff_at).toISOString(),
            status: m.status,
            predictionHome: hide ? null : m.prediction_home,
            predictionAway: hide ? null : m.prediction_away,
            homeScore: m.home_score,
            awayScore: m.away_score,
            banker: hide ? false : (m.is_banker ?? false),
            result: now.outcome,
            points: now.points,
            isFinal: now.isFinal,
          };
        }),
      };
    });

    const s = seasonTotals;
    const { best, worst } = bestAndWorst(
      gameweeks.map((g) => ({
        number: g.number,
        name: g.name,
        date: g.starts_at,
        status: g.status,
        points: totalsOf.get(g.id)?.points ?? 0,
        predictions: totalsOf.get(g.id)?.predictions ?? 0,
        started: started(g),
      })),
    );
    return {
      player,
      summary: {
        totalPoints: s?.points ?? 0,
        totalPredictions: s?.predictions ?? 0,
        totalCorrect: s?.correct ?? 0,
        totalExactScores: s?.exact ?? 0,
        averageAccuracy: wholeAccuracy(s?.correct ?? 0, s?.scored ?? 0),
        bestGameweek: best,
        worstGameweek: worst,
      },
      gameweeks: items,
      pagination: { page, page_size: pageSize, total, total_pages: pageCount(total, pageSize) },
    };
  }

  /** The caller, or another player found by id or username who shares a league with the caller (else 404). */
  async resolvePlayer(viewerId: number, player: string | undefined): Promise<HistoryPlayer> {
    const byId = player !== undefined && /^\d{1,10}$/.test(player) && Number(player) <= 2147483647;
    const found = await selectPlayer(this.db, player === undefined ? { id: viewerId } : byId ? { id: Number(player) } : { username: player });
    if (!found) throw ApiError.notFound(PLAYER_NOT_FOUND);
    if (found.id !== viewerId && !(await shareALeague(this.db, viewerId, found.id))) throw ApiError.notFound(PLAYER_NOT_FOUND);
    return { ...found, is_current_user: found.id === viewerId };
  }
}
