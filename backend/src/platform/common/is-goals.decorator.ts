import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsInt, Max, Min } from 'class-validator';

/** A required goal count: a whole number from 0 to 99 (predictions and recorded results). */
export function IsGoals(field: string): PropertyDecorator {
  const message = `${field} must be a whole number from 0 to 99.`;
  // Listed in the order the stacked decorators used to register them (bottom first).
  return applyDecorators(
    Max(99, { message }),
    Min(0, { message }),
    IsInt({ message }),
    IsDefined({ message: `${field} is required.` }),
    ApiProperty({ minimum: 0, maximum: 99 }),
  );
}
