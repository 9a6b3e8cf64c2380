import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module';
import { StandingsModule } from '../standings/standings.module';
import { AutomaticMembershipService } from './automatic-membership.service';
import { JoinRequestsService } from './join-requests.service';
import { LeagueAccessService } from './league-access.service';
import { LeagueMembersService } from './league-members.service';
import { LeaguesController } from './leagues.controller';
import { LeaguesService } from './leagues.service';

@Module({
  imports: [StandingsModule, ActivityModule],
  controllers: [LeaguesController],
  providers: [AutomaticMembershipService, LeaguesService, JoinRequestsService, LeagueAccessService, LeagueMembersService],
  exports: [AutomaticMembershipService, LeagueAccessService, LeagueMembersService],
})
export class LeaguesModule {}
