import type { Fixture } from '@scoreline/contracts/api/fixtures';

/** The tournament fields of a Fixture as a league's match has them (both teams known, no round name, no pick). */
export const LEAGUE_MATCH_FIELDS = {
  home_placeholder: null,
  away_placeholder: null,
  round_name: null,
  round_kind: 'league',
  group_name: null,
  tie_leg: null,
  advance_pick: false,
  extra_time: null,
  penalties: null,
} as const satisfies Partial<Fixture>;
