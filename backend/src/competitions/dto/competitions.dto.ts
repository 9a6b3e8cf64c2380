import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '../../platform/common/is-optional-not-null.decorator';
import {
  COMPETITION_CODE_PATTERN,
  type Competition,
  type CompetitionKind,
  type CompetitionQuery,
  type CompetitionTeam,
  type PlayCompetitionRequest,
} from '@scoreline/contracts/api/competitions';

const CODE_MESSAGE = (field: string) => `${field} must be a competition code: 1 to 16 characters of a–z, 0–9 and '.'.`;

/**
 * An optional competition code (`?competition=` on the fan's screens, `competition` in a body):
 * 1–16 characters of [a-z0-9.], else 400 naming the field. Whether it is being played is the
 * service's question (404).
 */
export function IsCompetitionCode(
  description = "A competition code ('en.1', 'fifa.wc'); default the caller's current competition",
  where: 'query' | 'body' = 'query',
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description, pattern: COMPETITION_CODE_PATTERN.source, maxLength: 16, example: 'en.1' }),
    // A body's explicit null is refused with the field named, not skipped.
    where === 'body' ? IsOptionalNotNull() : IsOptional(),
    // Bottom-up: the type check first.
    Matches(COMPETITION_CODE_PATTERN, { message: ({ property }) => CODE_MESSAGE(property) }),
    IsString({ message: ({ property }) => CODE_MESSAGE(property) }),
  );
}

/** The query of a route that only takes `?competition=`. */
export class CompetitionQueryDto implements CompetitionQuery {
  @IsCompetitionCode()
  competition?: string;
}

export class PlayCompetitionDto implements PlayCompetitionRequest {
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Your team in it (a national team in a tournament): a team of its active season; null clears it. Left out: kept.',
  })
  @ValidateIf((_o: object, value: unknown) => value !== undefined && value !== null)
  @Max(2147483647, { message: 'team_id must be a team id.' })
  @Min(1, { message: 'team_id must be a team id.' })
  @IsInt({ message: 'team_id must be a team id.' })
  team_id?: number | null;
}

/** The OpenAPI shape of a competition (the contract's Competition). */
export class CompetitionDto implements Competition {
  @ApiProperty({ example: 'fifa.wc' })
  code: string;

  @ApiProperty({ example: 'World Cup' })
  name: string;

  @ApiProperty({ enum: ['league', 'tournament'] })
  kind: CompetitionKind;

  @ApiProperty({ example: { id: 3, name: 'World Cup 2026' } })
  season: { id: number; name: string };

  @ApiProperty({ type: String, nullable: true, description: 'The season\'s first kick-off (ISO 8601)' })
  first_kickoff: string | null;

  @ApiProperty({ description: 'Whether you play it' })
  playing: boolean;

  @ApiProperty({ nullable: true, example: { id: 41, name: 'Brazil', logo: null } })
  team: CompetitionTeam | null;

  @ApiProperty({ description: 'True once its first match has kicked off: the team can no longer change' })
  team_locked: boolean;
}
