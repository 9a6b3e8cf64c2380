import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsInt, Max, Min, ValidateNested } from 'class-validator';
import type { PredictionInput, SavePredictionsRequest } from '../../../../contracts/src/api/predictions';

export class PredictionInputDto implements PredictionInput {
  @ApiProperty({ description: 'Fixture id (of the current gameweek)' })
  @IsDefined({ message: 'fixture is required.' })
  @IsInt({ message: 'fixture must be a fixture id.' })
  @Min(1, { message: 'fixture must be a fixture id.' })
  @Max(2147483647, { message: 'fixture must be a fixture id.' })
  fixture: number;

  @ApiProperty({ minimum: 0, maximum: 99 })
  @IsDefined({ message: 'home_score is required.' })
  @IsInt({ message: 'home_score must be a whole number from 0 to 99.' })
  @Min(0, { message: 'home_score must be a whole number from 0 to 99.' })
  @Max(99, { message: 'home_score must be a whole number from 0 to 99.' })
  home_score: number;

  @ApiProperty({ minimum: 0, maximum: 99 })
  @IsDefined({ message: 'away_score is required.' })
  @IsInt({ message: 'away_score must be a whole number from 0 to 99.' })
  @Min(0, { message: 'away_score must be a whole number from 0 to 99.' })
  @Max(99, { message: 'away_score must be a whole number from 0 to 99.' })
  away_score: number;

  @ApiProperty({ description: 'At most one banker (double points) per gameweek' })
  @IsDefined({ message: 'is_banker is required.' })
  @IsBoolean({ message: 'is_banker must be true or false.' })
  is_banker: boolean;
}

export class SavePredictionsDto implements SavePredictionsRequest {
  @ApiProperty({ type: [PredictionInputDto], description: 'Predictions for fixtures of the current gameweek, each fixture at most once' })
  @IsDefined({ message: 'predictions is required.' })
  @IsArray({ message: 'predictions must be a list.' })
  @ArrayMinSize(1, { message: 'Please predict at least one match.' })
  @ArrayMaxSize(100, { message: 'predictions can hold at most 100 matches.' })
  @ValidateNested({ each: true })
  @Type(() => PredictionInputDto)
  predictions: PredictionInputDto[];
}
