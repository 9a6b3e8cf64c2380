import { ApiError } from './api-error';
import { PositiveIntPipe } from './positive-int.pipe';

describe('PositiveIntPipe', () => {
  const pipe = new PositiveIntPipe('League not found.');

  it('passes a whole number 1..2147483647, as text or already a number', () => {
    expect(pipe.transform('1')).toBe(1);
    expect(pipe.transform('2147483647')).toBe(2147483647);
    expect(pipe.transform(42)).toBe(42);
  });

  it.each(['0', '-1', '1.5', '1e3', 'abc', '', ' 7', '2147483648', '99999999999', 0, -3, 2.5])('answers 404 with its message for %j', (value) => {
    let thrown: unknown;
    try {
      pipe.transform(value);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).getStatus()).toBe(404);
    expect((thrown as ApiError).getResponse()).toMatchObject({ message: 'League not found.' });
  });
});
