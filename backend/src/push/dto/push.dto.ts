import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import {
  PUSH_ACTIONS,
  PUSH_DEVICE_MAX,
  PUSH_ENDPOINT_MAX,
  type PushAction,
  type PushActionRequest,
  type PushSubscribeRequest,
  type PushUnsubscribeRequest,
} from '@scoreline/contracts/api/push';

// class-validator runs a property's decorators bottom-up and the pipe stops at the first
// failure: presence and type checks are written last so that they run first.

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/**
 * The shape of a push service endpoint. Which hosts it may name is the service's check
 * (push-endpoint-policy.ts: it resolves names); unsubscribing takes any endpoint of this shape.
 */
const ENDPOINT = /^https?:\/\/[^\s/?#]+\/\S*$/i;

class EndpointField {
  @ApiProperty({ example: 'https://fcm.googleapis.com/fcm/send/abc…', maxLength: PUSH_ENDPOINT_MAX })
  @Matches(ENDPOINT, { message: 'Endpoint must be the https URL of a push service.' })
  @MaxLength(PUSH_ENDPOINT_MAX, { message: `Endpoint must be at most ${PUSH_ENDPOINT_MAX} characters.` })
  @IsString({ message: 'Endpoint must be a string.' })
  @IsNotEmpty({ message: 'Endpoint is required.' })
  endpoint!: string;
}

export class PushKeysDto {
  @ApiProperty({ description: "The browser's P-256 public key, URL-safe base64 (65 bytes)" })
  @Matches(BASE64URL, { message: 'p256dh must be URL-safe base64.' })
  @MaxLength(200, { message: 'p256dh is too long.' })
  @IsString({ message: 'p256dh must be a string.' })
  @IsNotEmpty({ message: 'p256dh is required.' })
  p256dh!: string;

  @ApiProperty({ description: 'The 16-byte authentication secret, URL-safe base64' })
  @Matches(BASE64URL, { message: 'auth must be URL-safe base64.' })
  @MaxLength(100, { message: 'auth is too long.' })
  @IsString({ message: 'auth must be a string.' })
  @IsNotEmpty({ message: 'auth is required.' })
  auth!: string;
}

export class SubscribePushDto extends EndpointField implements PushSubscribeRequest {
  @ApiProperty({ type: PushKeysDto })
  @ValidateNested()
  @Type(() => PushKeysDto)
  @IsObject({ message: 'keys must be an object with p256dh and auth.' })
  @IsDefined({ message: 'keys is required.' })
  keys!: PushKeysDto;

  @ApiPropertyOptional({ maxLength: PUSH_DEVICE_MAX, example: 'Chrome on Android' })
  @Transform(trim)
  @MaxLength(PUSH_DEVICE_MAX, { message: `Device must be at most ${PUSH_DEVICE_MAX} characters.` })
  @IsString({ message: 'Device must be a string.' })
  @IsOptional()
  device?: string;
}

export class UnsubscribePushDto extends EndpointField implements PushUnsubscribeRequest {}

export class PushActionDto implements PushActionRequest {
  @ApiProperty({ description: 'The action_token of the push' })
  @MaxLength(600, { message: 'Token is too long.' })
  @IsString({ message: 'Token must be a string.' })
  @IsNotEmpty({ message: 'Token is required.' })
  token!: string;

  @ApiProperty({ enum: PUSH_ACTIONS })
  @IsIn(PUSH_ACTIONS, { message: `Action must be one of: ${PUSH_ACTIONS.join(', ')}.` })
  @IsNotEmpty({ message: 'Action is required.' })
  action!: PushAction;
}
