import { RawJson, stringifyWithEtag, stringifyWithRaw } from './raw-json';

describe('stringifyWithRaw', () => {
  const sample = {
    id: 7,
    name: 'Ann "the boss" \u2028 Ö',
    when: new Date('2026-05-01T12:00:00Z'),
    nothing: null,
    left_out: undefined,
    nested: { list: [1, 'two', null, undefined, { deep: true }], empty: {}, none: [] },
    custom: { toJSON: () => 'as custom' },
  };

  it('writes what JSON.stringify writes when no part is raw', () => {
    expect(stringifyWithRaw(sample)).toBe(JSON.stringify(sample));
    for (const v of [null, 0, -1.5, 'x', true, [], {}, [undefined], new Date(0)]) expect(stringifyWithRaw(v)).toBe(JSON.stringify(v));
  });

  it('writes a raw part as its text: the same JSON as the object form', () => {
    const spliced = {
      ...sample,
      nested: RawJson.of(sample.nested),
      rows: RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 2 })]),
      empty_rows: RawJson.array<number>([]),
      maybe: RawJson.of<string | null>(null),
    };
    const objectForm = { ...sample, rows: [{ a: 1 }, { a: 2 }], empty_rows: [], maybe: null };
    expect(stringifyWithRaw(spliced)).toBe(JSON.stringify(objectForm));
    expect(JSON.parse(stringifyWithRaw(spliced))).toEqual(JSON.parse(JSON.stringify(objectForm)));
  });

  it('keeps raw parts inside arrays and at the top', () => {
    expect(stringifyWithRaw([RawJson.of({ b: [1] }), 2])).toBe('[{"b":[1]},2]');
    expect(stringifyWithRaw(RawJson.of('x'))).toBe('"x"');
  });
});

describe('stringifyWithEtag', () => {
  const rows = RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 2 })]);
  const answer = (overrides: object = {}) => ({ data: { page: 1, rows, mine: { b: 'x' }, ...overrides } });

  it('gives the same text as stringifyWithRaw, and one tag for one answer', () => {
    const { text, etag } = stringifyWithEtag(answer());
    expect(text).toBe(stringifyWithRaw(answer()));
    expect(etag).toMatch(/^W\/"[A-Za-z0-9+/]{27}="$/);
    // A raw part rebuilt with the same text (a cache reload) keeps the tag.
    expect(stringifyWithEtag(answer({ rows: RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 2 })]) })).etag).toBe(etag);
  });

  it('changes the tag with any part of the text, raw or not', () => {
    const { etag } = stringifyWithEtag(answer());
    const others = [
      answer({ page: 2 }),
      answer({ mine: { b: 'y' } }),
      answer({ rows: RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 3 })]) }),
      answer({ rows: [RawJson.of({ a: 1 }), RawJson.of({ a: 2, marked: true })] }),
      answer({ extra: null }),
    ];
    const tags = others.map((o) => stringifyWithEtag(o).etag);
    expect(new Set([etag, ...tags]).size).toBe(others.length + 1);
  });
});
