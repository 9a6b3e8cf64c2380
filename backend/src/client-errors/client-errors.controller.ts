import { createHash } from 'node:crypto';
import { Body, Controller, ExecutionContext, Headers, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { RateLimitGuard } from '../platform/request-auth/rate-limit.guard';
import { ApiErrors, ApiPublic } from '../platform/common/api-docs.decorators';
import { ClientErrorReportDto } from './dto/client-error-report.dto';
import { ClientErrorsService } from './client-errors.service';

/** Reports per address per minute: a crash loop in one tab, or a flood, stops here. */
export const CLIENT_ERRORS_PER_MINUTE = 10;

/**
 * Counted per address as the throttler does, under a key that starts with the limit's name (the
 * storage's outage policy reads it: an unlisted name refuses while Redis is away, and a report
 * that fails is one the client drops silently anyway).
 */
const PER_ADDRESS = {
  default: {
    limit: CLIENT_ERRORS_PER_MINUTE,
    ttl: 60_000,
    generateKey: (context: ExecutionContext, tracker: string, throttler: string): string =>
      `client-errors:${createHash('sha256').update(`${context.getClass().name}-${context.getHandler().name}-${throttler}-${tracker}`).digest('hex')}`,
  },
};

@ApiTags('client-errors')
@ApiPublic()
@Controller('client-errors')
export class ClientErrorsController {
  constructor(private readonly clientErrors: ClientErrorsService) {}

  @Post()
  @HttpCode(HttpStatus.NO_CONTENT)
  // Public: a crash may come before sign-in. A valid bearer token, when sent, names the user.
  @UseGuards(RateLimitGuard)
  @Throttle(PER_ADDRESS)
  @ApiOperation({
    summary: "Report a crash of the web client's screen (written to the server's log)",
    description:
      'Body `{message, route, component_stack?, user_agent?, build?}`: route is a path without query string. No token needed; ' +
      `a valid bearer token adds the user to the log line. ${CLIENT_ERRORS_PER_MINUTE} per minute per address; unknown fields answer 400.`,
  })
  @ApiNoContentResponse({ description: 'Logged' })
  @ApiErrors([429, `More than ${CLIENT_ERRORS_PER_MINUTE} reports a minute from this address`])
  report(@Body() dto: ClientErrorReportDto, @Headers('authorization') authorization: string | undefined): void {
    this.clientErrors.record(dto, authorization);
  }
}
