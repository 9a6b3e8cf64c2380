/** What one reconciler pass found drifting and repaired, per kind of row. */
export interface ReconcileRepairs {
  /** Predictions rescored (their points, outcome or finality disagreed with their fixture). */
  predictions: number;
  gameweek_totals: number;
  season_totals: number;
  /** League standings rows (wrong, missing or extra) and out-of-date league summaries. */
  standings: number;
}

export type RepairKind = keyof ReconcileRepairs;

export const REPAIR_KINDS: readonly RepairKind[] = ['predictions', 'gameweek_totals', 'season_totals', 'standings'];

export interface ReconcileReport {
  /** false: another replica's pass held the lock, so this one did nothing. */
  ran: boolean;
  repairs: ReconcileRepairs;
  /** Fixtures rescored and leagues recomputed, for the log. */
  fixtureIds: number[];
  leagueIds: number[];
  durationMs: number;
}

export function noRepairs(): ReconcileRepairs {
  return { predictions: 0, gameweek_totals: 0, season_totals: 0, standings: 0 };
}

export function totalRepairs(repairs: ReconcileRepairs): number {
  return REPAIR_KINDS.reduce((sum, kind) => sum + repairs[kind], 0);
}

/** At most ten ids, so one line stays one line after a big repair. */
function idList(ids: number[]): string {
  const shown = ids.slice(0, 10).join(', ');
  return ids.length > 10 ? `${shown} and ${ids.length - 10} more` : shown;
}

/** One line for the log and the ops CLI, e.g. "repaired 3 rows: predictions 1, standings 2 (fixtures 12; leagues 4) in 85 ms". */
export function describeReport(report: ReconcileReport): string {
  if (!report.ran) return 'skipped: another pass is running';
  const total = totalRepairs(report.repairs);
  if (total === 0) return `nothing to repair (${report.durationMs} ms)`;
  const kinds = REPAIR_KINDS.filter((k) => report.repairs[k] > 0).map((k) => `${k} ${report.repairs[k]}`);
  const where = [
    report.fixtureIds.length > 0 ? `fixtures ${idList(report.fixtureIds)}` : null,
    report.leagueIds.length > 0 ? `leagues ${idList(report.leagueIds)}` : null,
  ].filter((part) => part !== null);
  return `repaired ${total} row${total === 1 ? '' : 's'}: ${kinds.join(', ')}${where.length > 0 ? ` (${where.join('; ')})` : ''} in ${report.durationMs} ms`;
}
