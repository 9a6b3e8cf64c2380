import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';

const ID = "id must be a dead letter's id: a whole number from 1.";

/** The dead letter a call names in its path: digits only (no sign, exponent or spaces), small enough to be exact as a number. */
export class DeadLetterParamsDto {
  @ApiProperty({ description: "The dead letter's id (GET /admin/outbox/dead-letters/ lists them)", example: '42' })
  @Matches(/^[1-9]\d{0,14}$/, { message: ID })
  id!: string;
}
