import { Module } from '@nestjs/common';
import { AutomaticMembershipService } from './automatic-membership.service';

@Module({ providers: [AutomaticMembershipService], exports: [AutomaticMembershipService] })
export class LeaguesModule {}
