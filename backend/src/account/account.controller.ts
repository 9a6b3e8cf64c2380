import { Body, Controller, Delete, Get, HttpCode, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { AccountExport } from '@scoreline/contracts/api/account';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import { CurrentUser } from '../platform/request-auth/current-user.decorator';
import { JwtAuthGuard } from '../platform/request-auth/jwt-auth.guard';
import type { AuthUser } from '../platform/request-auth/jwt-payload';
import { USER_AND_ADDRESS_LIMITS } from '../platform/request-auth/rate-limit-buckets';
import { RATE_LIMITS, RateLimitGuard } from '../platform/request-auth/rate-limit.guard';
import { RateLimitPerUserAndAddress } from '../platform/request-auth/user-and-address-rate-limit.guard';
import { ApiAuth, ApiData, ApiErrors, ApiMessage } from '../platform/common/api-docs.decorators';
import { AccountService } from './account.service';
import { DeleteAccountDto } from './dto/delete-account.dto';

@ApiTags('account')
@ApiAuth()
@UseGuards(JwtAuthGuard)
@Controller('account')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Get('export/')
  @RateLimitPerUserAndAddress(USER_AND_ADDRESS_LIMITS.accountExport)
  @ApiOperation({
    summary: "Everything stored about the caller, as JSON (Settings → Privacy → Export Data)",
    description:
      'Profile (no password hash), country and club, saved preferences (null when never saved), predictions of every season with ' +
      'the fixture, points and outcome, per-gameweek and per-season totals, league memberships, own join requests, activity entries ' +
      'about the caller, and exported_at.',
  })
  @ApiData('AccountExport')
  @ApiErrors([429, 'Too many exports by this user or from this address'])
  async export(@CurrentUser() user: AuthUser): Promise<ApiEnvelope<AccountExport>> {
    return { data: await this.account.export(user.id) };
  }

  @Delete()
  @HttpCode(200)
  // A password check: limited like sign-in, so it cannot be used to guess passwords.
  @UseGuards(RateLimitGuard)
  @Throttle(RATE_LIMITS.login)
  @ApiOperation({
    summary: 'Delete the account and everything of the caller, confirmed with the password',
    description:
      'Body `{password}`; a wrong or missing password answers 400 with errors.password and changes nothing. Private and public ' +
      'leagues the caller owns pass to their longest-standing other member, or are deleted when nobody else is in them; the ' +
      "standings of every league the caller was in are recomputed. The caller's token stops working at once.",
  })
  @ApiMessage()
  @ApiErrors([400, 'A wrong or missing password (errors.password); nothing changes'], [429, 'Too many attempts'])
  async delete(@CurrentUser() user: AuthUser, @Body() dto: DeleteAccountDto): Promise<MessageResponse> {
    await this.account.delete(user.id, dto.password);
    return { message: 'Your account has been deleted.' };
  }
}
