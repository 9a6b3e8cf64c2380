import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { InvitePreview } from '@scoreline/contracts/api/invites';
import { USER_AND_ADDRESS_LIMITS } from '../platform/request-auth/rate-limit-buckets';
import { ApiData, ApiErrors, ApiPublic } from '../platform/common/api-docs.decorators';
import { RateLimitPerUserAndAddress } from '../platform/request-auth/user-and-address-rate-limit.guard';
import { leagueIdPipe } from './id-param.pipe';
import { InviteLinksService } from './invite-links.service';

/** What an invite link opens, for signed-out visitors too (no bearer token needed). */
@ApiTags('invites')
@ApiPublic()
@Controller('invites')
export class InviteLinksController {
  constructor(private readonly invites: InviteLinksService) {}

  @Get('code/:code/')
  @RateLimitPerUserAndAddress(USER_AND_ADDRESS_LIMITS.invitePreview)
  @ApiOperation({
    summary: "A private league's invite link: its name and member count",
    description: '404 for an unknown code; 410 (detail "invite_replaced") for a code the owner replaced. Never a member\'s name.',
  })
  @ApiData('InvitePreview')
  @ApiErrors([404, 'No private league has that code'], [410, 'The owner replaced the code (detail "invite_replaced")'], 429)
  async byCode(@Param('code') code: string): Promise<ApiEnvelope<InvitePreview>> {
    return { data: await this.invites.preview({ kind: 'code', code }) };
  }

  @Get('league/:id/')
  @RateLimitPerUserAndAddress(USER_AND_ADDRESS_LIMITS.invitePreview)
  @ApiOperation({ summary: "A public league's join link: name, description and member count (404 for any other league)" })
  @ApiData('InvitePreview')
  @ApiErrors([404, 'No public league has that id'], 429)
  async byLeague(@Param('id', leagueIdPipe) id: number): Promise<ApiEnvelope<InvitePreview>> {
    return { data: await this.invites.preview({ kind: 'league', leagueId: id }) };
  }
}
