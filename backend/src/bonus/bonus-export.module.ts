import { Module } from '@nestjs/common';
import { BonusExportService } from './bonus-export.service';

/** The bonus answers of a fan's export, apart from BonusModule so that the account domain needs none of its imports. */
@Module({
  providers: [BonusExportService],
  exports: [BonusExportService],
})
export class BonusExportModule {}
