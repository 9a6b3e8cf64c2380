import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AccountExportBonusAnswer, AccountExportLeagueQuestionAnswer } from '@scoreline/contracts/api/account';
import { selectExportBonusAnswers, selectExportLeagueQuestionAnswers } from './bonus-export.queries';

const iso = (t: Date | string) => new Date(t).toISOString();

/** A fan's bonus answers for their data export (Settings → Privacy), read in the export's snapshot. */
@Injectable()
export class BonusExportService {
  async answersOf(tx: EntityManager, userId: number): Promise<{ bonus_answers: AccountExportBonusAnswer[]; league_question_answers: AccountExportLeagueQuestionAnswer[] }> {
    const bonus = await selectExportBonusAnswers(tx, userId);
    const league = await selectExportLeagueQuestionAnswers(tx, userId);
    return {
      bonus_answers: bonus.map((a) => ({ ...a, answered_at: iso(a.answered_at) })),
      league_question_answers: league.map((a) => ({ ...a, answered_at: iso(a.answered_at) })),
    };
  }
}
