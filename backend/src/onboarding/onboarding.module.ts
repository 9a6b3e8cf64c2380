import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CompetitionsModule } from '../competitions/competitions.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { OnboardingController } from './onboarding.controller';
import { OnboardingService } from './onboarding.service';

@Module({ imports: [LeaguesModule, CompetitionsModule, UsersModule], controllers: [OnboardingController], providers: [OnboardingService] })
export class OnboardingModule {}
