import type { BonusQuestionKey, CustomQuestionKind } from '../game/bonus-questions';
import type { Paging } from './leagues';

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
  /**
   * 'team': answered with a team id of `teams`; 'player_name': a player's name, matched ignoring
   * case and accents; 'squad_player': a player of the season's squads (GET /seasons/{id}/players/),
   * matched the same way and stored as the squad spells them.
   */
  answer: 'team' | 'player_name' | 'squad_player';
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

// ---- Everyone's answers to the competition's questions, in a league ----------------------------
//
// - GET /leagues/{id}/bonus/?page&page_size&search&sort → ApiEnvelope<LeagueBonusAnswers>
//   The league's competition's questions (its active season's). From the season's first kick-off
//   on (bonusAnswersRevealed), a page of the members with their answers; before it only the
//   caller's own answers and when everyone's appear. A private league answers 404 to non-members.

export const LEAGUE_BONUS_DEFAULT_PAGE_SIZE = 25;
export const LEAGUE_BONUS_MAX_PAGE_SIZE = 100;
export const LEAGUE_BONUS_SORTS = ['rank', 'name'] as const;
/** The members' order: the league's season table (ties by user id), or A–Z by name. */
export type LeagueBonusSort = (typeof LEAGUE_BONUS_SORTS)[number];

export interface LeagueBonusQuery {
  page?: number;
  /** 1–100, default 25. */
  page_size?: number;
  /** The start of a member's full name, family name or username. */
  search?: string;
  /** Default 'rank'. */
  sort?: LeagueBonusSort;
}

/** One answer as shown: a team by its name, a player as the fan typed them. */
export interface LeagueBonusAnswer {
  question: BonusQuestionKey;
  /** A team id (champion, bottom) or a player's name (top scorer). */
  answer: number | string;
  /** The team's name, or the name as typed. */
  label: string;
  /** Points once the question is settled (0 when wrong); null before. */
  points: number | null;
}

/** A question of the competition as the league's view shows it. */
export interface LeagueBonusQuestion {
  key: BonusQuestionKey;
  /** As SeasonBonusQuestion's: what an answer names. */
  answer: SeasonBonusQuestion['answer'];
  points: number;
  /** The right answers once settled (a team by id and name, a player by name); null before. */
  right_answers: { value: number | string; label: string }[] | null;
  settled_by: BonusSettledBy | null;
}

/** A member and their answers (the questions they left unanswered are missing). */
export interface LeagueBonusRow {
  user_id: number;
  username: string;
  full_name: string;
  /** Their rank in the league's season table; null until ranked. */
  rank: number | null;
  is_current_user: boolean;
  answers: LeagueBonusAnswer[];
  /** Their points from the questions settled so far. */
  points: number;
}

export interface LeagueBonusAnswers extends Paging {
  league_id: number;
  season_id: number;
  season_name: string;
  /** True from the season's first kick-off on: everyone's answers are shown. */
  revealed: boolean;
  /** When everyone's answers appear (the first kick-off); null while the season has no fixture. */
  revealed_at: string | null;
  questions: LeagueBonusQuestion[];
  /** The caller's own answers, always (in the league or not). */
  my_answers: LeagueBonusAnswer[];
  my_points: number;
  /** A page of the members with their answers; empty before the reveal. */
  rows: LeagueBonusRow[];
}

// ---- The players a top-scorer answer is chosen from (a tournament with squads) ------------------
//
// - GET /seasons/{id}/players/?search&page&page_size → ApiEnvelope<SeasonPlayers>
//   The season's squad players whose name holds `search`, ignoring case and accents (names that
//   start with it first), with their team; none for a season without squads. 404 for an unknown
//   season, 400 for a bad parameter.

export const SEASON_PLAYERS_MAX_PAGE_SIZE = 20;

export interface SeasonPlayersQuery {
  /** Part of the player's name, at most 100 characters; all players when left out. */
  search?: string;
  page?: number;
  /** 1–20, default 20. */
  page_size?: number;
}

export interface SeasonPlayer {
  /** As the squad spells it: what a top-scorer answer is stored as. */
  name: string;
  team_id: number;
  team_name: string;
  number: number;
  position: 'GK' | 'DF' | 'MF' | 'FW';
}

export interface SeasonPlayers extends Paging {
  season_id: number;
  players: SeasonPlayer[];
}
