import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityWriterService, NewActivity } from '../activity/activity-writer.service';
import { lockPeriodWinners, selectMonthGameweeks, selectPeriodWinners, selectSettlementGameweek } from './league-tables.queries';
import { tuneForTableStatements } from './standings.queries';

/** Advisory lock namespace of winners settlement (key: the season), so two settlements never interleave. */
export const WINNERS_LOCK = 7_307;

/**
 * Gameweek and month winners in every league (issue 11 section 3), settled by the standings
 * worker on each `scores.updated` of a gameweek. A gameweek is settled when every fixture is
 * finished or void and every prediction of it is final; its winners are rank 1 of its table by
 * the table rule with points (ties share the win). A month (UTC calendar month of each
 * gameweek's first kick-off) is settled when all of its gameweeks are.
 *
 * The entries are rewritten as a whole each time (ActivityWriterService.periodWinners): a replay
 * changes nothing; a correction after the end that changes the table moves the entry from the
 * old winner to the new one; a correction that reopens a match withdraws the entries until the
 * period is settled again.
 */
@Injectable()
export class PeriodWinnersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly activity: ActivityWriterService,
  ) {}

  async settle(gameweekId: number): Promise<NewActivity[]> {
    return this.db.transaction(async (tx) => {
      // The lock comes first: a settlement that read "not settled" and then waited for one that
      // read "settled" would otherwise withdraw the winners that one had just written.
      if (!(await lockPeriodWinners(tx, WINNERS_LOCK, gameweekId))) return [];
      const gameweek = await selectSettlementGameweek(tx, gameweekId);
      if (!gameweek) return [];
      await tuneForTableStatements(tx);
      const written: NewActivity[] = [];
      const gameweekWins = gameweek.settled ? await selectPeriodWinners(tx, [gameweek.id]) : [];
      written.push(...(await this.activity.periodWinners(tx, { kind: 'gameweek', gameweekId: gameweek.id, number: gameweek.number }, gameweekWins)));
      if (gameweek.month !== null) {
        // An unsettled gameweek leaves its month unsettled: no need to look at the others.
        const monthGameweeks = gameweek.settled ? await selectMonthGameweeks(tx, gameweek.season_id, gameweek.month) : [];
        const settled = monthGameweeks.length > 0 && monthGameweeks.every((g) => g.settled);
        const monthWins = settled ? await selectPeriodWinners(tx, monthGameweeks.map((g) => g.id)) : [];
        written.push(...(await this.activity.periodWinners(tx, { kind: 'month', seasonId: gameweek.season_id, month: gameweek.month }, monthWins)));
      }
      return written;
    });
  }
}
