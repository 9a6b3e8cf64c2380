/**
 * The season each bench case makes for itself (league code en.1; the competitions case's second
 * competition es.1). Seasons are unique by (league code, label), and the cases run one after
 * another on one scratch database, so each has a label of its own (two cases sharing 2098/99 once
 * failed the default `npm run bench` at its last case).
 */
export const BENCH_SEASONS = {
  scoreFixture: { name: 'Bench League 2099/00', label: '2099/00' },
  headline: { name: 'Headline League 2098/99', label: '2098/99' },
  pushLatency: { name: 'Push Bench League 2097/98', label: '2097/98' },
  pushFanout: { name: 'Push Fan-out 2096/97', label: '2096/97' },
  rankHistory: { name: 'Bench Rank 2095/96', label: '2095/96' },
  picks: { name: 'Bench Picks 2094/95', label: '2094/95' },
  competitionsAlone: { name: 'Competitions Alone 2093/94', label: '2093/94' },
  competitionsFirst: { name: 'Competitions First 2092/93', label: '2092/93' },
  competitionsSecond: { name: 'Competitions Second 2091/92', label: '2091/92' },
} as const satisfies Record<string, { name: string; label: string }>;
