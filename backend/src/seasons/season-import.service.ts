import { Injectable } from '@nestjs/common';
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

/** Imports an openfootball season in one transaction; backs the admin API and the ops CLI. */
@Injectable()
export class SeasonImportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async import(raw: unknown, opts: ImportSeasonOptions = {}): Promise<ImportSeasonResult> {
    const prepared = prepareSeasonImport(raw, { shiftToNow: opts.shiftToNow, leagueCode: opts.leagueCode, now: opts.now });
    if (!prepared.ok) throw ApiError.badRequest(prepared.message, prepared.errors);
    return this.db.transaction((tx) => writeSeasonImport(tx, prepared.plan, { activate: opts.activate ?? true }, this.outbox));
  }
}
