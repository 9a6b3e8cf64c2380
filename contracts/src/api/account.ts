import type { LeagueKind, LeagueRole } from './leagues';
import type { UserPreferences } from './preferences';

/**
 * Settings → Privacy. `GET /api/account/export/` answers `{ data: AccountExport }`: everything
 * stored about the caller. `DELETE /api/account/` with `{ password }` deletes the account and
 * answers `{ message }`. Timestamps are ISO 8601 strings.
 */

export interface AccountExportProfile {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin';
  email_verified_at: string | null;
  onboarding_completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AccountExportPrediction {
  id: number;
  season: { id: number; name: string; label: string };
  gameweek: number;
  fixture: {
    id: number;
    home_team: string;
    away_team: string;
    kickoff_at: string;
    status: 'scheduled' | 'live' | 'finished' | 'postponed';
    /** The recorded score; null until the match starts. */
    home_score: number | null;
    away_score: number | null;
  };
  home_score: number;
  away_score: number;
  is_banker: boolean;
  /** null until the match is scored. */
  points: number | null;
  outcome: 'exact' | 'correct' | 'wrong' | 'void' | null;
  is_final: boolean;
  created_at: string;
  updated_at: string;
}

export interface AccountExportTotals {
  points: number;
  predictions: number;
  scored: number;
  correct: number;
  exact: number;
  provisional: boolean;
}

export interface AccountExportGameweekTotals extends AccountExportTotals {
  season_id: number;
  gameweek: number;
}

export interface AccountExportSeasonTotals extends AccountExportTotals {
  season: { id: number; name: string; label: string };
}

export interface AccountExportLeague {
  league_id: number;
  name: string;
  type: LeagueKind;
  role: LeagueRole;
  joined_at: string;
}

export interface AccountExportJoinRequest {
  id: number;
  league_id: number;
  league_name: string;
  message: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
  decided_at: string | null;
}

/** A device with push notifications on: the push service's origin stands for the endpoint (the full URL is a capability, not data about the user). */
export interface AccountExportPushDevice {
  device: string;
  push_service: string;
  created_at: string;
  last_sent_at: string | null;
}

export interface AccountExportActivity {
  id: number;
  league_id: number;
  league_name: string;
  kind: string;
  /** Whether the entry is about something the user did or something done to them. */
  as: 'actor' | 'target';
  message: string;
  description: string;
  created_at: string;
}

/** An answer to a competition's bonus question (champion, top scorer, bottom team). */
export interface AccountExportBonusAnswer {
  /** The competition's code ("en.1", "fifa.wc") and the season's label. */
  competition: string;
  season: string;
  question: string;
  /** The team's name, or the player's name as answered. */
  answer: string;
  answered_at: string;
}

/** An answer to a private league's own question. */
export interface AccountExportLeagueQuestionAnswer {
  league_id: number;
  league_name: string;
  question: string;
  answer: string;
  answered_at: string;
}

export interface AccountExport {
  exported_at: string;
  profile: AccountExportProfile;
  country: { id: number; code: string; name: string } | null;
  club: { id: number; name: string; short_name: string } | null;
  /** null: never saved, every default applies. */
  preferences: (UserPreferences & { updated_at: string }) | null;
  predictions: AccountExportPrediction[];
  gameweek_totals: AccountExportGameweekTotals[];
  season_totals: AccountExportSeasonTotals[];
  leagues: AccountExportLeague[];
  join_requests: AccountExportJoinRequest[];
  activity: AccountExportActivity[];
  push_devices: AccountExportPushDevice[];
  bonus_answers: AccountExportBonusAnswer[];
  league_question_answers: AccountExportLeagueQuestionAnswer[];
}

export interface DeleteAccountRequest {
  password: string;
}
