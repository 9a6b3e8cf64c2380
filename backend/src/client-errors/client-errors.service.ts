import { Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { ClientErrorReport } from '@scoreline/contracts/api/client-errors';
import type { JwtPayload } from '../platform/request-auth/jwt-payload';
import { clientErrorLog } from './client-error-log';

/** Crash reports of the web client: one warn line each in the server's log, nothing stored. */
@Injectable()
export class ClientErrorsService {
  private readonly logger = new Logger('ClientErrors');

  constructor(private readonly jwt: JwtService) {}

  record(report: ClientErrorReport, authorization: string | undefined): void {
    const { line, fields } = clientErrorLog(report, this.userIdOf(authorization));
    this.logger.warn(fields, line);
  }

  /**
   * The user a validly signed, unexpired bearer token names, or null (no token, junk, expired).
   * The signature alone, as the write limit reads it: the report is public, and a revoked token's
   * user is still who saw the crash; no database lookup for a log line.
   */
  private userIdOf(authorization: string | undefined): number | null {
    const match = /^Bearer (\S{1,4096})$/i.exec(authorization ?? '');
    if (!match) return null;
    try {
      const { sub, exp } = this.jwt.verify<JwtPayload>(match[1]);
      return Number.isSafeInteger(sub) && typeof exp === 'number' ? sub : null;
    } catch {
      return null;
    }
  }
}
