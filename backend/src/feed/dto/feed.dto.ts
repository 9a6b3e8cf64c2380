import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Matches, Max, Min } from 'class-validator';
import { COMPETITION_CODE_PATTERN, type CompetitionQuery } from '@scoreline/contracts/api/competitions';
import type { FeedMatchLinkRequest, FeedTeamLinkRequest } from '@scoreline/contracts/api/console';

const MAX_ID = 2147483647;

/** A required id in a body: a whole number from 1 (a string "12" is refused, as any other type). */
function IsId(field: string, what: string): PropertyDecorator {
  const message = `${field} must be the id of ${what}: a whole number from 1.`;
  return (target, key) => {
    // Bottom-up, as stacked decorators run: the presence first, then the type, then the range.
    Max(MAX_ID, { message })(target, key);
    Min(1, { message })(target, key);
    IsInt({ message })(target, key);
    IsDefined({ message: `${field} is required: the id of ${what}.` })(target, key);
    ApiProperty({ minimum: 1, maximum: MAX_ID, description: `The id of ${what}` })(target, key);
  };
}

export class FeedTeamLinkDto implements FeedTeamLinkRequest {
  @IsId('club_id', 'our club or national team')
  club_id: number;
}

export class FeedMatchLinkDto implements FeedMatchLinkRequest {
  @IsId('fixture_id', 'our fixture')
  fixture_id: number;
}

/** GET /admin/clubs/?competition=: the competition is required here. */
export class ConsoleClubsQueryDto implements CompetitionQuery {
  @ApiProperty({ description: "A competition being played ('en.1', 'fifa.wc')", pattern: COMPETITION_CODE_PATTERN.source, example: 'fifa.wc' })
  @Matches(COMPETITION_CODE_PATTERN, { message: "competition must be a competition code: 1 to 16 characters of a–z, 0–9 and '.'." })
  @IsDefined({ message: "competition is required: the code of a competition being played, e.g. 'fifa.wc'." })
  competition: string;
}
