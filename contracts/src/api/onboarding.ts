export interface OnboardingStatus {
  completed_onboarding: boolean;
  /** The same fact under the second name the client reads. */
  is_complete: boolean;
  has_preferences: boolean;
}

export interface Country {
  id: number;
  code: string;
  name: string;
  flag: string;
}

export interface Club {
  id: number;
  name: string;
  logo: string | null;
  short_name: string;
  country_id: number | null;
  league: { name: string; code: string };
}

export interface Preferences {
  country: { id: number; name: string; flag: string } | null;
  club: { id: number; name: string } | null;
}

export interface CompleteOnboardingRequest {
  country_id: number;
  club_id: number;
  /** Competition codes the fan starts playing (competitions.ts; each being played, else 400 naming `competitions`). */
  competitions?: string[];
}

/** Query of GET /onboarding/clubs/. */
export interface ClubSearchQuery {
  search?: string;
  country_id?: number;
  limit?: number;
}
