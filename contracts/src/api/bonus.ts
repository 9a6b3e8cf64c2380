import type { BonusQuestionKey } from '../game/bonus-questions';

/** A team a champion or bottom answer may name: one that plays in the season. */
export interface BonusTeam {
  id: number;
  name: string;
}

/** Who settled a question: derived from the results, or written by an operator (which wins). */
export type BonusSettledBy = 'results' | 'operator';

/** One of a competition's questions as a fan sees it. */
export interface SeasonBonusQuestion {
  key: BonusQuestionKey;
  /** 'team': answered with a team id of `teams`; 'player_name': a player's name, matched ignoring case and accents. */
  answer: 'team' | 'player_name';
  points: number;
  /** The caller's answer: a team id, or a name; null when not answered. */
  my_answer: number | string | null;
  /** The right answers once settled (team ids or names; players level as top scorer share it); null before. */
  right_answers: (number | string)[] | null;
  settled_by: BonusSettledBy | null;
  /** Points of the caller's answer; null while the question is not settled. */
  my_points: number | null;
}

/** GET /api/seasons/{id}/bonus/: the season's bonus questions, the caller's answers and, once settled, the points. */
export interface SeasonBonus {
  season_id: number;
  season_name: string;
  /** Answers lock and are revealed at the season's first kick-off; null while it has no fixture. */
  locks_at: string | null;
  /** True while answers may be saved. */
  open: boolean;
  /** True once answers are shown to everyone (from the lock on). */
  revealed: boolean;
  questions: SeasonBonusQuestion[];
  /** The teams of the season, for the champion and bottom answers, by name. */
  teams: BonusTeam[];
  /** The caller's bonus points so far (settled questions only). */
  my_points: number;
}

/** PUT /api/seasons/{id}/bonus/: every question given is saved (null clears an answer); questions left out keep theirs. */
export interface SaveBonusAnswersRequest {
  answers: Partial<Record<BonusQuestionKey, number | string | null>>;
}

/** PUT /api/admin/seasons/{id}/bonus/{question}: the right answers (team ids or player names); replaces what was settled. */
export interface SettleBonusQuestionRequest {
  right_answers: (number | string)[];
}
