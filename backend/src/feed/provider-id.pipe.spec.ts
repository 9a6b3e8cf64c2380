import { ApiError } from '../platform/common/api-error';
import { ProviderIdPipe } from './provider-id.pipe';

describe('ProviderIdPipe', () => {
  const pipe = new ProviderIdPipe('providerTeamId');

  it('takes a whole number from 1 to 2147483647', () => {
    expect(pipe.transform('772')).toBe(772);
    expect(pipe.transform(1)).toBe(1);
    expect(pipe.transform('2147483647')).toBe(2147483647);
  });

  it('answers 400 naming the parameter for anything else', () => {
    for (const bad of ['0', '-1', '1.5', 'abc', '', '2147483648', '99999999999', ' 7', '7e2', '0x10']) {
      let caught: unknown = null;
      try {
        pipe.transform(bad);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ApiError);
      expect((caught as ApiError).getStatus()).toBe(400);
      expect((caught as ApiError).getResponse()).toEqual({
        message: "providerTeamId must be the provider's id: a whole number from 1.",
        errors: { providerTeamId: ["providerTeamId must be the provider's id: a whole number from 1."] },
      });
    }
  });
});
