import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { DeleteAccountRequest } from '@scoreline/contracts/api/account';

export class DeleteAccountDto implements DeleteAccountRequest {
  // Decorators run bottom-up and stop at the first failure: presence and type first. The cap
  // matches sign-up's, so a huge string cannot make argon2 work for nothing.
  @ApiProperty({ description: 'The current password, to confirm it is really the account holder' })
  @MaxLength(128, { message: 'Your password is incorrect.' })
  @IsNotEmpty({ message: 'Password is required.' })
  @IsString({ message: 'Password is required.' })
  password: string;
}
