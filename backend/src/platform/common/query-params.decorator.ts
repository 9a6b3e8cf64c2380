import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { hasNoncharacter } from './noncharacter';

/** An optional `page_size` query parameter: a whole number from 1 to `max`. */
export function IsPageSize(max: number, byDefault: number): PropertyDecorator {
  const message = `page_size must be a whole number from 1 to ${max}.`;
  return applyDecorators(
    ApiPropertyOptional({ default: byDefault, minimum: 1, maximum: max }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message }),
    Min(1, { message }),
    Max(max, { message }),
  );
}

/** An optional `page` query parameter: a whole number from 1 to 100000. */
export function IsPageNumber(): PropertyDecorator {
  const tooSmall = 'page must be a whole number from 1.';
  return applyDecorators(
    ApiPropertyOptional({ default: 1, minimum: 1 }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: tooSmall }),
    Min(1, { message: tooSmall }),
    Max(100000, { message: 'page must be a whole number from 1 to 100000.' }),
  );
}

/** An optional `search` query parameter: text of at most 100 characters, without noncharacters. */
export function IsSearchText(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description }),
    IsOptional(),
    IsString({ message: 'search must be text.' }),
    MaxLength(100, { message: 'search must be at most 100 characters long.' }),
    ValidateBy({
      name: 'noNoncharacter',
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasNoncharacter(value), defaultMessage: () => 'search contains a character that is not allowed.' },
    }),
  );
}
