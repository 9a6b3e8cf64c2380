import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsIn, IsObject, IsOptional } from 'class-validator';
import {
  LEAGUE_BONUS_DEFAULT_PAGE_SIZE,
  LEAGUE_BONUS_MAX_PAGE_SIZE,
  LEAGUE_BONUS_SORTS,
  type LeagueBonusQuery,
  type LeagueBonusSort,
  type SaveBonusAnswersRequest,
  type SettleBonusQuestionRequest,
} from '@scoreline/contracts/api/bonus';
import { CUSTOM_QUESTION_KINDS, type CustomQuestionDraft } from '@scoreline/contracts/game/bonus-questions';
import { IsPageNumber, IsPageSize, IsSearchText } from '../../platform/common/query-params.decorator';

// The answers' own rules (a team of the season, a name) are checked per question in bonus-answers.ts.

export class SaveBonusAnswersDto implements SaveBonusAnswersRequest {
  @ApiProperty({
    description: 'By question: a team id (champion, bottom), a player name (top_scorer), or null to clear it',
    example: { champion: 12, top_scorer: 'Erling Haaland', bottom: null },
  })
  @IsObject({ message: 'answers must be an object of answers by question.' })
  answers!: Record<string, unknown>;
}

export class SettleBonusQuestionDto implements SettleBonusQuestionRequest {
  @ApiProperty({
    description: 'Team ids for champion/bottom, player names for top_scorer; 1 to 20',
    type: 'array',
    items: { anyOf: [{ type: 'number' }, { type: 'string' }] },
    example: [12],
  })
  @IsArray({ message: 'right_answers must be a list of team ids or player names.' })
  right_answers!: (number | string)[];
}

// A league question's fields are checked together by customQuestionErrors (contracts), which names
// each field that is wrong: here they are only let through.

export class CreateLeagueQuestionDto implements CustomQuestionDraft {
  @ApiProperty({ type: String, description: 'The question, at most 200 characters', example: 'How many goals will Haaland score?' })
  @Allow()
  text!: unknown;

  @ApiProperty({ enum: CUSTOM_QUESTION_KINDS })
  @Allow()
  kind!: unknown;

  @ApiPropertyOptional({ description: "Only for kind 'options': 2–10 choices", type: [String] })
  @Allow()
  options?: unknown;

  @ApiProperty({ type: Number, description: '5–50 points', example: 10 })
  @Allow()
  points!: unknown;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When answers lock and are shown to the league: ISO 8601 with its offset, in the future',
    example: '2026-12-31T18:00:00Z',
  })
  @Allow()
  locks_at!: unknown;
}

export class LeagueQuestionAnswerDto {
  @ApiProperty({ description: 'Text (at most 100 characters), one of the options, or a number', oneOf: [{ type: 'string' }, { type: 'number' }] })
  @Allow()
  answer!: unknown;
}

export class LeagueBonusQueryDto implements LeagueBonusQuery {
  @IsPageNumber()
  page?: number;

  @IsPageSize(LEAGUE_BONUS_MAX_PAGE_SIZE, LEAGUE_BONUS_DEFAULT_PAGE_SIZE)
  page_size?: number;

  @IsSearchText("Case-insensitive start of a member's full name, family name or username")
  search?: string;

  @ApiPropertyOptional({ enum: LEAGUE_BONUS_SORTS, default: 'rank' })
  @IsOptional()
  @IsIn(LEAGUE_BONUS_SORTS, { message: 'sort must be rank or name.' })
  sort?: LeagueBonusSort;
}
