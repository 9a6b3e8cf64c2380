import { rawInputProblem } from './validation.pipe';

describe('raw input checks before validation', () => {
  it('pass ordinary bodies, queries and scalars', () => {
    expect(rawInputProblem({ email: 'a@b.co', tags: ['x', 'y'], nested: { n: 1, ok: true, none: null } })).toBeNull();
    expect(rawInputProblem(undefined)).toBeNull();
    expect(rawInputProblem('text')).toBeNull();
  });

  it('name the field holding a NUL character, however deep', () => {
    expect(rawInputProblem({ first_name: 'a\u0000b' })).toEqual({ field: 'first_name', message: 'first_name contains a character that is not allowed.' });
    expect(rawInputProblem({ items: [{ name: 'ok' }, { name: '\u0000' }] })?.field).toBe('items.1.name');
    expect(rawInputProblem({ 'a\u0000': 'x' })?.field).toBe('body');
    expect(rawInputProblem('\u0000')?.field).toBe('body');
  });

  it('name the field holding a lone surrogate, and pass a well-formed pair (an emoji)', () => {
    expect(rawInputProblem({ email: 'a\uD800b@example.com' })).toEqual({ field: 'email', message: 'email contains a character that is not allowed.' });
    expect(rawInputProblem({ name: 'end\uDC00' })?.field).toBe('name');
    expect(rawInputProblem({ 'k\uD800': 1 })?.field).toBe('body');
    expect(rawInputProblem({ name: 'goal \uD83D\uDE00' })).toBeNull();
  });

  it('refuse nesting deeper than 32 levels, naming the top-level field, without recursing', () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'x';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(rawInputProblem({ a: nest(30) })).toBeNull();
    expect(rawInputProblem({ a: nest(40) })).toEqual({ field: 'a', message: 'The request is nested too deeply.' });
    expect(rawInputProblem({ a: nest(1_000_000) })?.field).toBe('a');
  });
});
