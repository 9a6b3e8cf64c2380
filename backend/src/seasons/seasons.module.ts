import { Module } from '@nestjs/common';
import { SeasonImportService } from './season-import.service';
import { SeasonsController } from './seasons.controller';
import { SeasonsService } from './seasons.service';

@Module({ controllers: [SeasonsController], providers: [SeasonsService, SeasonImportService], exports: [SeasonsService, SeasonImportService] })
export class SeasonsModule {}
