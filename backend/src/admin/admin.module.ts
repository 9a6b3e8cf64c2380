import { Module } from '@nestjs/common';
import { FixturesModule } from '../fixtures/fixtures.module';
import { SeasonImportModule } from '../season-import/season-import.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { UsersModule } from '../users/users.module';
import { AdminController } from './admin.controller';
import { AdminGuard } from '../users/admin.guard';

@Module({ imports: [SeasonsModule, SeasonImportModule, FixturesModule, UsersModule], controllers: [AdminController], providers: [AdminGuard] })
export class AdminModule {}
