import type { Achievement, LeagueRole } from '@scoreline/contracts/api/leagues';

export interface MemberFacts {
  rank: number | null;
  role: LeagueRole;
  scored: number;
  accuracy: number;
  exactScores: number;
  weeksActive: number;
  bestGameweekPoints: number;
  bankerHits: number;
}

/** The badges shown in the member modal, derived from the member's season so far. */
export function achievementsFor(f: MemberFacts): Achievement[] {
  const out: Achievement[] = [];
  if (f.rank === 1) out.push({ icon: 'crown', title: 'League Leader', description: 'Top of the table right now.' });
  else if (f.rank !== null && f.rank <= 3) out.push({ icon: 'medal', title: 'On the Podium', description: `Currently #${f.rank} in the league.` });
  else if (f.rank !== null && f.rank <= 5) out.push({ icon: 'star', title: 'Top Five', description: `Currently #${f.rank} in the league.` });
  if (f.role === 'owner') out.push({ icon: 'flag', title: 'Founder', description: 'Runs this league.' });
  if (f.exactScores >= 5) out.push({ icon: 'target', title: 'Sharpshooter', description: `${f.exactScores} exact scores this season.` });
  else if (f.exactScores >= 1) out.push({ icon: 'target', title: 'Spot On', description: `${f.exactScores} exact score${f.exactScores === 1 ? '' : 's'} this season.` });
  if (f.scored >= 10 && f.accuracy >= 60) out.push({ icon: 'eye', title: 'Sharp Eye', description: `${f.accuracy}% of results called correctly.` });
  if (f.bankerHits >= 3) out.push({ icon: 'zap', title: 'Banker Master', description: `${f.bankerHits} bankers paid off this season.` });
  if (f.bestGameweekPoints >= 50) out.push({ icon: 'trophy', title: 'Big Week', description: `${f.bestGameweekPoints} points in a single gameweek.` });
  if (f.weeksActive >= 5) out.push({ icon: 'calendar', title: 'Regular', description: `Predicted in ${f.weeksActive} gameweeks.` });
  return out;
}
