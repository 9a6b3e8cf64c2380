import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import {
  CLIENT_ERROR_BUILD_MAX,
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_ROUTE_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERROR_USER_AGENT_MAX,
  type ClientErrorReport,
} from '@scoreline/contracts/api/client-errors';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';

// class-validator runs a property's decorators bottom-up and the pipe stops at the first
// failure: presence and type checks are written last so that they run first.

/** A crash report from the web client's error screen: outside input, so every field is bounded. */
export class ClientErrorReportDto implements ClientErrorReport {
  @ApiProperty({ maxLength: CLIENT_ERROR_MESSAGE_MAX, example: "Cannot read properties of undefined (reading 'points')" })
  @MaxLength(CLIENT_ERROR_MESSAGE_MAX, { message: `Message must be at most ${CLIENT_ERROR_MESSAGE_MAX} characters.` })
  @IsString({ message: 'Message must be a string.' })
  @IsNotEmpty({ message: 'Message is required.' })
  message!: string;

  @ApiProperty({ maxLength: CLIENT_ERROR_ROUTE_MAX, example: '/leagues/12', description: 'The path only: no query string or hash' })
  @Matches(/^\//, { message: 'Route must be a path starting with /.' })
  @MaxLength(CLIENT_ERROR_ROUTE_MAX, { message: `Route must be at most ${CLIENT_ERROR_ROUTE_MAX} characters.` })
  @IsString({ message: 'Route must be a string.' })
  @IsNotEmpty({ message: 'Route is required.' })
  route!: string;

  @ApiPropertyOptional({ maxLength: CLIENT_ERROR_STACK_MAX, description: "The first lines of React's component stack" })
  @MaxLength(CLIENT_ERROR_STACK_MAX, { message: `Component stack must be at most ${CLIENT_ERROR_STACK_MAX} characters.` })
  @IsString({ message: 'Component stack must be a string.' })
  @IsOptionalNotNull()
  component_stack?: string;

  @ApiPropertyOptional({ maxLength: CLIENT_ERROR_USER_AGENT_MAX })
  @MaxLength(CLIENT_ERROR_USER_AGENT_MAX, { message: `User agent must be at most ${CLIENT_ERROR_USER_AGENT_MAX} characters.` })
  @IsString({ message: 'User agent must be a string.' })
  @IsOptionalNotNull()
  user_agent?: string;

  @ApiPropertyOptional({ maxLength: CLIENT_ERROR_BUILD_MAX, description: 'Which build of the client was running' })
  @MaxLength(CLIENT_ERROR_BUILD_MAX, { message: `Build must be at most ${CLIENT_ERROR_BUILD_MAX} characters.` })
  @IsString({ message: 'Build must be a string.' })
  @IsOptionalNotNull()
  build?: string;
}
