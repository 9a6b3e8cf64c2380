import { Injectable, PipeTransform } from '@nestjs/common';
import { COMPETITION_CODE_PATTERN, NO_SUCH_COMPETITION } from '@scoreline/contracts/api/competitions';
import { ApiError } from '../platform/common/api-error';

/** A competition code in the path: anything that cannot be one names no competition (404). */
@Injectable()
export class CompetitionCodePipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (typeof value !== 'string' || !COMPETITION_CODE_PATTERN.test(value)) throw ApiError.notFound(NO_SUCH_COMPETITION);
    return value;
  }
}
