import { Module } from '@nestjs/common';
import { PreferencesService } from './preferences.service';

/** The users' saved preferences as other domains read them (the season resolver); no imports. */
@Module({ providers: [PreferencesService], exports: [PreferencesService] })
export class PreferencesModule {}
