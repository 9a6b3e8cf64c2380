import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import type { RotateCalendarFeedRequest, UpdateCalendarFeedRequest } from '@scoreline/contracts/api/calendar';

export class UpdateCalendarFeedDto implements UpdateCalendarFeedRequest {
  @ApiProperty({ description: "Add the kick-offs of the fan's club to the feed" })
  @IsBoolean({ message: 'include_club_kickoffs must be true or false.' })
  include_club_kickoffs: boolean;
}

export class RotateCalendarFeedDto implements RotateCalendarFeedRequest {
  @ApiPropertyOptional({ description: 'The feed URL the screen shows; if it was already replaced, the current one is answered' })
  @IsOptionalNotNull()
  @MaxLength(500, { message: 'replaces must be the feed URL shown in Settings.' })
  @IsString({ message: 'replaces must be the feed URL shown in Settings.' })
  replaces?: string;
}
