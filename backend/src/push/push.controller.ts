import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { PushPublicKey } from '@scoreline/contracts/api/push';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { RATE_LIMITS, RateLimitGuard } from '../platform/request-auth/rate-limit.guard';
import { ApiAuth, ApiData, ApiErrors, ApiMessage, ApiPublic } from '../platform/common/api-docs.decorators';
import { PushActionDto, SubscribePushDto, UnsubscribePushDto } from './dto/push.dto';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** The key and the notification buttons need no token; the subscriptions say @ApiAuth(). */
@ApiTags('push')
@ApiPublic()
@Controller('push')
export class PushController {
  constructor(private readonly push: PushSubscriptionsService) {}

  @Get('public-key/')
  @ApiOperation({ summary: "The server's VAPID public key, for pushManager.subscribe({ applicationServerKey })" })
  @ApiData('PushPublicKey')
  publicKey(): ApiEnvelope<PushPublicKey> {
    return { data: { public_key: this.push.publicKey } };
  }

  @Post('subscriptions/')
  @HttpCode(200)
  @ApiAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({
    summary: "Store this device's push subscription for the caller (what is pushed follows the notification switches)",
    description: 'Body: the JSON of the browser PushSubscription plus an optional device label. Subscribing again updates the keys.',
  })
  @ApiMessage()
  @ApiErrors([400, 'The endpoint is no https URL of a push service on the public internet, or invalid input'])
  async subscribe(@CurrentUser() user: AuthUser, @Body() dto: SubscribePushDto): Promise<MessageResponse> {
    await this.push.subscribe(user.id, { endpoint: dto.endpoint, p256dh: dto.keys.p256dh, auth: dto.keys.auth, device: dto.device ?? '' });
    return { message: 'Push notifications are on for this device.' };
  }

  @Delete('subscriptions/')
  @HttpCode(200)
  @ApiAuth()
  @UseGuards(JwtAuthGuard)
  @ApiOperation({ summary: "Forget one of the caller's devices (body: {endpoint}); answers the same when it was already gone" })
  @ApiMessage()
  async unsubscribe(@CurrentUser() user: AuthUser, @Body() dto: UnsubscribePushDto): Promise<MessageResponse> {
    await this.push.unsubscribe(user.id, dto.endpoint);
    return { message: 'Push notifications are off for this device.' };
  }

  @Post('actions/')
  @HttpCode(200)
  // No bearer: the service worker has none. The token is the credential; guessing one is what the limit slows.
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiOperation({
    summary: "Approve or reject a join request from its notification's buttons",
    description: 'Body `{token, action}`: the action_token of the push (valid 7 days, for that one request) and approve or reject. 401 when the token is forged or expired; otherwise the answers of approve-request / reject-request.',
  })
  @ApiMessage()
  @ApiErrors(
    [401, 'The action token is forged or expired'],
    [403, 'Not allowed to decide that request any more'],
    [404, 'The league or the request is gone'],
    [409, 'The request was already decided, or the league is full'],
    [429, 'Too many attempts'],
  )
  async act(@Body() dto: PushActionDto): Promise<MessageResponse> {
    return { message: await this.push.act(dto.token, dto.action) };
  }
}
