import { Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { Actor } from '../audit/actor';
import { seasonImportSummary } from '../audit/audit-entry';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../platform/common/api-error';
import { writeSeasonImport } from './import-season';
import { prepareSeasonImport } from './prepare-season-import';
import { prepareTournamentImport, writeTournamentImport } from './import-tournament';
import { isTournamentFile } from './stored-tournament';
import type { TournamentGroup } from './tournament-teams';
import { OutboxService } from '../platform/outbox/outbox.service';

export interface ImportSeasonOptions {
  shiftToNow?: boolean;
  /** Default true. */
  activate?: boolean;
  leagueCode?: string;
  now?: Date;
  /** A tournament's groups (worldcup.groups.json): a team outside them is refused. */
  groups?: readonly TournamentGroup[];
  /**
   * A tournament's squads file (worldcup.squads.json), parsed: stored with the season, its
   * players the answers to the top-scorer question. A league file ignores it.
   */
  squads?: unknown;
}

/**
 * Imports an openfootball season in one transaction; backs the admin API and the ops CLI. Invalid
 * match rows are refused one by one, listed in the answer and counted in one warn line. Given an
 * actor, the import is audited (`season.import`, its summary) in the same transaction.
 */
@Injectable()
export class SeasonImportService {
  private readonly logger = new Logger(SeasonImportService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
    // Built here when the service is made by hand (a script, a test): it only writes through the transaction.
    @Optional() private readonly audit: AuditService = new AuditService(db),
  ) {}

  async import(raw: unknown, opts: ImportSeasonOptions = {}, actor?: Actor): Promise<ImportSeasonResult> {
    if (isTournamentFile(raw)) return this.importTournament(raw, opts, actor);
    const prepared = prepareSeasonImport(raw, { shiftToNow: opts.shiftToNow, leagueCode: opts.leagueCode, now: opts.now });
    if (!prepared.ok) throw ApiError.badRequest(prepared.message, prepared.errors);
    const result = await this.db.transaction(async (tx) =>
      this.audited(tx, actor, await writeSeasonImport(tx, prepared.plan, { activate: opts.activate ?? true }, this.outbox)),
    );
    if (result.refused.length > 0) {
      this.logger.warn(`import of ${result.season.name}: ${result.refused.length} match rows refused (listed in the import's answer), ${result.fixtures.total} imported`);
    }
    return result;
  }

  /**
   * A tournament file (World Cup, Champions League) is stored as a season of its own and merged
   * with what an earlier snapshot stored; made its competition's active season (beside other
   * competitions' active seasons) unless `activate` is false. It cannot be shifted in time yet.
   */
  private async importTournament(raw: unknown, opts: ImportSeasonOptions, actor: Actor | undefined): Promise<ImportSeasonResult> {
    if (opts.shiftToNow) {
      const msg = 'A tournament file cannot be shifted in time yet: import it without shift_to_now.';
      throw ApiError.badRequest(msg, { shift_to_now: [msg] });
    }
    const prepared = prepareTournamentImport(raw, { leagueCode: opts.leagueCode, groups: opts.groups, squads: opts.squads });
    if (!prepared.ok) throw ApiError.badRequest(prepared.message, prepared.errors);
    const now = opts.now ?? new Date();
    const result = await this.db.transaction(async (tx) =>
      this.audited(tx, actor, await writeTournamentImport(tx, prepared.plan, { now, activate: opts.activate ?? true }, this.outbox)),
    );
    const kept = result.tournament?.missing.length ?? 0;
    if (result.refused.length > 0 || kept > 0) {
      this.logger.warn(
        `import of ${result.season.name}: ${result.refused.length} match rows refused (listed in the import's answer)` +
          `${kept > 0 ? `, ${kept} stored matches missing from the file kept` : ''}, ${result.fixtures.total - result.refused.length} imported`,
      );
    }
    const squadsRefused = prepared.plan.squadsRefused ?? [];
    if (squadsRefused.length > 0) {
      this.logger.warn(`squads of ${result.season.name}: ${squadsRefused.length} squads or players refused, e.g. ${squadsRefused.slice(0, 3).join('; ')}`);
    }
    return result;
  }

  /** The import's audit row, in its transaction (before: none; after: the result's counts). */
  private async audited(tx: EntityManager, actor: Actor | undefined, result: ImportSeasonResult): Promise<ImportSeasonResult> {
    if (actor) await this.audit.record(tx, { actor, action: 'season.import', target: `Season ${result.season.name}`, before: null, after: seasonImportSummary(result) });
    return result;
  }
}
