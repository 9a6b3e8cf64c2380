import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule, type JwtModuleOptions } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { CompetitionsModule } from '../competitions/competitions.module';
import { LeaguesModule } from '../leagues/leagues.module';
import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailCodeService } from './email-code.service';
import { JWT_ALGORITHM, jwtKey } from '../platform/request-auth/jwt-payload';
import { JwtStrategy } from './jwt.strategy';
import { BackgroundWorkService } from './background-work.service';
import { LoginThrottleService } from './login-throttle.service';
import { ACCESS_TOKEN_TTL_SECONDS } from './refresh-token';
import { RefreshTokensService } from './refresh-tokens.service';
import { TokenUsersService } from './token-users.service';
import { WriteRateLimitGuard } from '../platform/request-auth/write-rate-limit.guard';

/** How access tokens are signed and checked (also the bench's, which signs its fans' tokens outside the API). */
export function accessTokenJwtOptions(env: Pick<AppEnv, 'jwtSecret'>): JwtModuleOptions {
  return {
    secret: jwtKey(env.jwtSecret),
    signOptions: { expiresIn: ACCESS_TOKEN_TTL_SECONDS, algorithm: JWT_ALGORITHM },
    verifyOptions: { algorithms: [JWT_ALGORITHM] },
  };
}

@Module({
  imports: [
    PassportModule,
    LeaguesModule,
    CompetitionsModule,
    UsersModule,
    JwtModule.registerAsync({ inject: [APP_ENV], useFactory: accessTokenJwtOptions }),
  ],
  controllers: [AuthController],
  // Every write under /api is rate limited (per user and per address), whichever module serves it.
  providers: [
    AuthService,
    EmailCodeService,
    JwtStrategy,
    TokenUsersService,
    LoginThrottleService,
    RefreshTokensService,
    BackgroundWorkService,
    { provide: APP_GUARD, useClass: WriteRateLimitGuard },
  ],
  exports: [JwtModule, TokenUsersService, BackgroundWorkService],
})
export class AuthModule {}
