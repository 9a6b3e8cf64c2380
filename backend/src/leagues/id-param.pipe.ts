import { PipeTransform } from '@nestjs/common';
import { ApiError } from '../common/api-error';

const MAX_INT = 2147483647;

/** A numeric id from the path; anything else (or beyond int range) is simply not found. */
export class IdParamPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value)) throw ApiError.notFound(this.notFoundMessage);
    const id = Number(value);
    if (id < 1 || id > MAX_INT) throw ApiError.notFound(this.notFoundMessage);
    return id;
  }
}

export const LEAGUE_NOT_FOUND = 'League not found.';
export const leagueIdPipe = new IdParamPipe(LEAGUE_NOT_FOUND);
export const userIdPipe = new IdParamPipe('That user is not a member of this league.');
