import { AnswerHead, RawJson, stringifyWithRaw } from './raw-json';

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

describe('AnswerHead', () => {
  interface Answer {
    page: number;
    rows: { a: number; marked?: boolean }[];
    note?: string | null;
    mine: { b: string } | null;
  }
  const rows = RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 2 })]);
  const head = (overrides: Partial<Omit<Answer, 'mine'>> | Record<string, unknown> = {}) => AnswerHead.of<Answer, 'mine'>({ page: 1, rows, ...overrides }, 'mine');

  it('completed with the own field, is the JSON of the whole envelope, the own field last', () => {
    for (const mine of [{ b: 'x "y" \u2028 Ö' }, null]) {
      const { body } = head().complete(mine);
      expect(body.toString('utf8')).toBe(JSON.stringify({ data: { page: 1, rows: [{ a: 1 }, { a: 2 }], mine } }));
    }
    expect(head({ note: undefined }).complete(null).body.toString()).toBe('{"data":{"page":1,"rows":[{"a":1},{"a":2}],"mine":null}}');
    expect(AnswerHead.of<{ mine: number }, 'mine'>({}, 'mine').complete(3).body.toString()).toBe('{"data":{"mine":3}}');
  });

  it('gives one tag for one answer, also from a head rebuilt with the same text (a cache reload)', () => {
    const { etag } = head().complete({ b: 'x' });
    expect(etag).toMatch(/^W\/"[A-Za-z0-9+/]{27}="$/);
    expect(head({ rows: RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 2 })]) }).complete({ b: 'x' }).etag).toBe(etag);
  });

  it('changes the tag with any part of the text, the head\'s or the own field\'s', () => {
    const answers = [
      head().complete({ b: 'x' }),
      head({ page: 2 }).complete({ b: 'x' }),
      head().complete({ b: 'y' }),
      head().complete(null),
      head({ rows: RawJson.array([RawJson.of({ a: 1 }), RawJson.of({ a: 3 })]) }).complete({ b: 'x' }),
      head({ rows: [RawJson.of({ a: 1 }), RawJson.of({ a: 2, marked: true })] }).complete({ b: 'x' }),
      head({ note: null }).complete({ b: 'x' }),
    ];
    expect(new Set(answers.map((a) => a.body.toString())).size).toBe(answers.length);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(answers.length);
  });
});
