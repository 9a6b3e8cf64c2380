import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { ApiError } from '../common/api-error';
import { writeSeasonImport } from './import/import-season';
import { prepareSeasonImport } from './import/prepare-season-import';
import { OutboxService } from '../outbox/outbox.service';

export interface ImportSeasonOptions {
  shiftToNow?: boolean;
  /** Default true. */
  activate?: boolean;
  leagueCode?: string;
  now?: Date;
}

/**
 * Imports an openfootball season in one transaction; backs the admin API and the ops CLI. Invalid
 * match rows are refused one by one, listed in the answer and counted in one warn line.
 */
@Injectable()
export class SeasonImportService {
  private readonly logger = new Logger(SeasonImportService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async import(raw: unknown, opts: ImportSeasonOptions = {}): Promise<ImportSeasonResult> {
    const prepared = prepareSeasonImport(raw, { shiftToNow: opts.shiftToNow, leagueCode: opts.leagueCode, now: opts.now });
    if (!prepared.ok) throw ApiError.badRequest(prepared.message, prepared.errors);
    const result = await this.db.transaction((tx) => writeSeasonImport(tx, prepared.plan, { activate: opts.activate ?? true }, this.outbox));
    if (result.refused.length > 0) {
      this.logger.warn(`import of ${result.season.name}: ${result.refused.length} match rows refused (listed in the import's answer), ${result.fixtures.total} imported`);
    }
    return result;
  }
}
