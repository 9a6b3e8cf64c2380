import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { PredictionsController } from './predictions.controller';
import { PredictionsService } from './predictions.service';

@Module({ imports: [SeasonsModule], controllers: [PredictionsController], providers: [PredictionsService], exports: [PredictionsService] })
export class PredictionsModule {}
