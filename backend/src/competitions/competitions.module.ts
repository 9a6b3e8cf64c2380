import { Module } from '@nestjs/common';
import { CompetitionsController } from './competitions.controller';
import { CompetitionsService } from './competitions.service';

/**
 * Competitions: what each fan plays (user_competitions) and their team in each; the list of the
 * competitions being played. A leaf: the season resolver (SeasonsService), preferences and
 * onboarding call CompetitionsService; leagues/ registers what follows a fan starting to play one
 * (its global, country and club leagues: CompetitionsService.onStartedPlaying).
 */
@Module({ controllers: [CompetitionsController], providers: [CompetitionsService], exports: [CompetitionsService] })
export class CompetitionsModule {}
