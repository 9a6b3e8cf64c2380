import { Module } from '@nestjs/common';
import { LeagueDirectoryService } from './league-directory.service';

/** Leagues, members and join requests read by id (live's pushes, workers and API alike) without LeaguesModule's dependencies; no imports. */
@Module({ providers: [LeagueDirectoryService], exports: [LeagueDirectoryService] })
export class LeagueDirectoryModule {}
