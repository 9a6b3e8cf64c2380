import { Module } from '@nestjs/common';
import { CompetitionsModule } from '../competitions/competitions.module';
import { ActivityModule } from '../activity/activity.module';
import { StandingsModule } from '../standings/standings.module';
import { ScoringModule } from '../scoring/scoring.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { StatsModule } from '../stats/stats.module';
import { UsersModule } from '../users/users.module';
import { AutomaticMembershipService } from './automatic-membership.service';
import { InviteLinksController } from './invite-links.controller';
import { InviteLinksService } from './invite-links.service';
import { JoinRequestsService } from './join-requests.service';
import { LeagueAccessService } from './league-access.service';
import { LeagueMembersService } from './league-members.service';
import { LeaguesController } from './leagues.controller';
import { LeagueTablesController } from './league-tables.controller';
import { LeaguesService } from './leagues.service';

@Module({
  imports: [StandingsModule, ActivityModule, StatsModule, UsersModule, ScoringModule, SeasonsModule, CompetitionsModule],
  controllers: [LeaguesController, LeagueTablesController, InviteLinksController],
  providers: [AutomaticMembershipService, InviteLinksService, LeaguesService, JoinRequestsService, LeagueAccessService, LeagueMembersService, JoinRequestsService],
  exports: [AutomaticMembershipService, InviteLinksService, LeaguesService, LeagueAccessService, LeagueMembersService, JoinRequestsService],
})
export class LeaguesModule {}
