import type { BonusQuestionKey, CustomQuestionKind } from '../game/bonus-questions';

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

// ---- A private league's own questions ----------------------------------------------------------
//
// - GET    /leagues/{id}/questions/                     → ApiEnvelope<LeagueQuestions> (members; 404 otherwise)
// - POST   /leagues/{id}/questions/                     → 201 ApiEnvelope<LeagueQuestion> (the owner of a private league)
// - DELETE /leagues/{id}/questions/{questionId}/        (the owner, before it locks)
// - PUT    /leagues/{id}/questions/{questionId}/answer/ → ApiEnvelope<LeagueQuestion> (a member, before it locks)
// - PUT    /leagues/{id}/questions/{questionId}/settle/ → ApiEnvelope<LeagueQuestion> (the owner, once locked; again to correct)

/** A member's answer as shown once the question locked. */
export interface LeagueQuestionAnswer {
  user_id: number;
  name: string;
  answer: string | number;
  /** Null while the owner has not settled the question. */
  points: number | null;
}

export interface LeagueQuestion {
  id: number;
  text: string;
  kind: CustomQuestionKind;
  /** The choices of an 'options' question; null otherwise. */
  options: string[] | null;
  points: number;
  /** Answers lock, and are shown to the league, at this instant. */
  locks_at: string;
  open: boolean;
  revealed: boolean;
  my_answer: string | number | null;
  /** The right answer once the owner settled it; null before. */
  settled_answer: string | number | null;
  my_points: number | null;
  answer_count: number;
  /** Once revealed: the members' answers (the first 100 by name); null before the lock. */
  answers: LeagueQuestionAnswer[] | null;
}

export interface LeagueQuestions {
  league_id: number;
  /** The caller owns the league and it is private: they may add (up to `max`), delete and settle. */
  can_manage: boolean;
  max: number;
  questions: LeagueQuestion[];
}

export interface CreateLeagueQuestionRequest {
  text: string;
  kind: CustomQuestionKind;
  /** Only for kind 'options': 2–10 choices. */
  options?: string[];
  /** 5–50. */
  points: number;
  /** ISO 8601 with its offset, in the future. */
  locks_at: string;
}

export interface LeagueQuestionAnswerRequest {
  answer: string | number;
}
