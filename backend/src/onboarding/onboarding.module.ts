import { Module } from '@nestjs/common';
import { LeaguesModule } from '../leagues/leagues.module';
import { OnboardingController } from './onboarding.controller';
import { OnboardingService } from './onboarding.service';

@Module({ imports: [LeaguesModule], controllers: [OnboardingController], providers: [OnboardingService] })
export class OnboardingModule {}
