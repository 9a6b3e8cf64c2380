import { ApiProperty } from '@nestjs/swagger';
import { IsArray, IsObject } from 'class-validator';
import type { SaveBonusAnswersRequest, SettleBonusQuestionRequest } from '@scoreline/contracts/api/bonus';

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
  @ApiProperty({ description: 'Team ids for champion/bottom, player names for top_scorer; 1 to 20', example: [12] })
  @IsArray({ message: 'right_answers must be a list of team ids or player names.' })
  right_answers!: (number | string)[];
}
