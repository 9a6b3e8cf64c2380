import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SeasonImportService } from './season-import.service';

/**
 * The season import: an openfootball season or tournament file written in one transaction — the
 * season and its rounds (seasons' tables), missing clubs, the fixtures (fixtures' tables), a
 * tournament's squads and goals — for the admin API, the ops CLI and the demo seed. A folder above
 * seasons and fixtures, so neither imports the other's writers.
 */
@Module({
  imports: [AuditModule],
  providers: [SeasonImportService],
  exports: [SeasonImportService],
})
export class SeasonImportModule {}
