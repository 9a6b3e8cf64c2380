import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LEAGUE_BONUS_DEFAULT_PAGE_SIZE, type LeagueBonusAnswers, type LeagueBonusQuery, type LeagueBonusRow } from '@scoreline/contracts/api/bonus';
import { bonusAnswersRevealed } from '@scoreline/contracts/game/bonus-questions';
import { ApiError } from '../platform/common/api-error';
import { paging } from '../platform/common/pagination';
import { LeagueAccessService } from '../leagues/league-access.service';
import { LeagueMembersService } from '../leagues/league-members.service';
import { BonusService } from './bonus.service';
import { selectAnswers, selectAnswersOfUsers, type BonusAnswerRow } from './bonus.queries';
import { settledPoints, shownAnswers, shownQuestions } from './league-bonus-answers';

const NO_SEASON = "This league's competition has no season being played.";

/**
 * Everyone's answers to the competition's questions, seen from a league (issue 34 §3). The reveal
 * rule of everyone's picks holds: before the season's first kick-off (bonusAnswersRevealed) only
 * the caller's own answers are read and answered; from it on, a page of the league's members (the
 * leagues domain's members list: its order, ranks, search and access rule) with their answers and,
 * once a question is settled, their points. A private league is for its members only (404).
 */
@Injectable()
export class LeagueBonusService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly members: LeagueMembersService,
    private readonly bonus: BonusService,
  ) {}

  async answers(leagueId: number, viewerId: number, query: LeagueBonusQuery, nowMs = Date.now()): Promise<LeagueBonusAnswers> {
    const league = await this.access.assertVisible(leagueId, viewerId);
    if (league.season_id === null) throw ApiError.notFound(NO_SEASON);
    const { season, questions, teams, rights } = await this.bonus.settledState(league.season_id);
    const teamNames = new Map(teams.map((t) => [t.id, t.name]));
    const shown = (rows: readonly BonusAnswerRow[]) => shownAnswers(questions, rights, teamNames, rows);
    const revealedAt = season.first_kickoff === null ? null : new Date(season.first_kickoff).toISOString();
    const revealed = bonusAnswersRevealed({ locks_at: revealedAt }, nowMs);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? LEAGUE_BONUS_DEFAULT_PAGE_SIZE;

    const [mine, { rows, total }] = await Promise.all([
      selectAnswers(this.db, viewerId, season.id).then(shown),
      // Before the reveal nobody else's answers are read at all.
      revealed ? this.memberRows(leagueId, viewerId, season.id, query, shown) : Promise.resolve({ rows: [], total: 0 }),
    ]);
    return {
      league_id: leagueId,
      season_id: season.id,
      season_name: season.name,
      revealed,
      revealed_at: revealedAt,
      questions: shownQuestions(questions, rights, teamNames),
      my_answers: mine,
      my_points: settledPoints(mine),
      rows,
      ...paging(page, pageSize, total),
    };
  }

  /** A page of the league's members in its table's order (or by name), each with their answers. */
  private async memberRows(
    leagueId: number,
    viewerId: number,
    seasonId: number,
    query: LeagueBonusQuery,
    shown: (rows: readonly BonusAnswerRow[]) => LeagueBonusRow['answers'],
  ): Promise<{ rows: LeagueBonusRow[]; total: number }> {
    const page = await this.members.enhanced(leagueId, viewerId, {
      page: query.page,
      page_size: query.page_size ?? LEAGUE_BONUS_DEFAULT_PAGE_SIZE,
      sort: query.sort ?? 'rank',
      search: query.search,
    });
    const answers = await selectAnswersOfUsers(this.db, seasonId, page.members.map((m) => m.user_id));
    const byUser = new Map<number, BonusAnswerRow[]>();
    for (const a of answers) byUser.set(a.user_id, [...(byUser.get(a.user_id) ?? []), a]);
    const rows = page.members.map((m): LeagueBonusRow => {
      const answered = shown(byUser.get(m.user_id) ?? []);
      return {
        user_id: m.user_id,
        username: m.username,
        full_name: m.full_name,
        rank: m.rank,
        is_current_user: m.user_id === viewerId,
        answers: answered,
        points: settledPoints(answered),
      };
    });
    return { rows, total: page.total_count };
  }
}
