import { Injectable, PipeTransform } from '@nestjs/common';
import { ApiError } from '../platform/common/api-error';

/**
 * A provider's id of a team or match in the path: a whole number 1..2147483647, else 400 naming
 * the parameter (the id is the provider's, so one we never saw may still be mapped; a malformed one
 * is a bad request, not a missing thing).
 */
@Injectable()
export class ProviderIdPipe implements PipeTransform<string | number, number> {
  constructor(private readonly param: string) {}

  transform(value: string | number): number {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
    const n = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!(n >= 1 && n <= 2147483647)) throw ApiError.field(this.param, `${this.param} must be the provider's id: a whole number from 1.`);
    return n;
  }
}
