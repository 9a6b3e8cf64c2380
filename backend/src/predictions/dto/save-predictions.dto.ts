import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsIn, IsInt, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { IsGoals } from '../../platform/common/is-goals.decorator';
import type { AdvanceSide, PredictionInput, SavePredictionsRequest } from '@scoreline/contracts/api/predictions';

export class PredictionInputDto implements PredictionInput {
  @ApiProperty({ description: 'Fixture id (of the current gameweek)' })
  @IsDefined({ message: 'fixture is required.' })
  @IsInt({ message: 'fixture must be a fixture id.' })
  @Min(1, { message: 'fixture must be a fixture id.' })
  @Max(2147483647, { message: 'fixture must be a fixture id.' })
  fixture: number;

  @IsGoals('home_score')
  home_score: number;

  @IsGoals('away_score')
  away_score: number;

  @ApiProperty({ description: 'At most one banker (double points) per gameweek' })
  @IsDefined({ message: 'is_banker is required.' })
  @IsBoolean({ message: 'is_banker must be true or false.' })
  is_banker: boolean;

  @ApiPropertyOptional({
    enum: ['home', 'away'],
    nullable: true,
    description: 'Who goes through (a side of this fixture): only for a knockout match that carries the pick (a single match, or a second leg)',
  })
  // null is "no pick", as the field left out: IsOptional's pass for it is right here.
  @IsOptional()
  @IsIn(['home', 'away'], { message: 'advance must be "home" or "away" (who goes through).' })
  advance?: AdvanceSide | null;
}

export class SavePredictionsDto implements SavePredictionsRequest {
  @ApiProperty({ type: [PredictionInputDto], description: 'Predictions for fixtures of the current gameweek, each fixture at most once' })
  @IsDefined({ message: 'predictions is required.' })
  @IsArray({ message: 'predictions must be a list.' })
  @ArrayMinSize(1, { message: 'Please predict at least one match.' })
  @ArrayMaxSize(100, { message: 'predictions can hold at most 100 matches.' })
  // ValidateNested passes an element that is itself a list (its elements are checked, none fails).
  @IsObject({ each: true, message: 'each prediction must be an object: {fixture, home_score, away_score, is_banker}.' })
  @ValidateNested({ each: true })
  @Type(() => PredictionInputDto)
  predictions: PredictionInputDto[];
}
