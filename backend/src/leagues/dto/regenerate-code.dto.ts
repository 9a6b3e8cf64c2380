import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import type { RegenerateCodeRequest } from '@scoreline/contracts/api/invites';
import { INVITE_CODE_LENGTH } from '@scoreline/contracts/api/leagues';

export class RegenerateCodeDto implements RegenerateCodeRequest {
  @ApiPropertyOptional({ maxLength: INVITE_CODE_LENGTH, description: 'The code the owner saw; if already replaced, the current code is answered' })
  @IsOptionalNotNull()
  @MaxLength(INVITE_CODE_LENGTH, { message: `An invite code has at most ${INVITE_CODE_LENGTH} characters.` })
  @IsString({ message: 'replaces must be an invite code.' })
  replaces?: string;
}
