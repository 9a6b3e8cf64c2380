import fc from 'fast-check';
import { WeightedLru } from './weighted-lru';

describe('WeightedLru', () => {
  it('keeps a big entry that is read while many small ones come and go', () => {
    const cache = new WeightedLru<string, number>(1_000, (weight) => weight);
    cache.set('big', 600);
    for (let i = 0; i < 100; i++) {
      cache.set(`small ${i}`, 10);
      if (i % 10 === 0) expect(cache.get('big')).toBe(600);
    }
    expect(cache.peek('big')).toBe(600);
    expect(cache.peek('small 0')).toBeUndefined();
    expect(cache.peek('small 99')).toBe(10);
  });

  it('lets the big entry go when it is not read, and does not keep one over the whole budget', () => {
    const left: string[] = [];
    const cache = new WeightedLru<string, number>(1_000, (weight) => weight, (key) => left.push(key));
    cache.set('big', 600);
    for (let i = 0; i < 41; i++) cache.set(`small ${i}`, 10);
    expect(cache.peek('big')).toBeUndefined();
    expect(left).toEqual(['big']);
    cache.set('huge', 1_001);
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.totalWeight).toBe(410);
  });

  it('holds at most its budget and exactly the most recently used entries that fit, as a plain list does', () => {
    type Op = { kind: 'set'; key: number; weight: number } | { kind: 'get' | 'delete'; key: number };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), key: fc.nat(8), weight: fc.integer({ min: 1, max: 110 }) }),
      fc.record({ kind: fc.constantFrom('get' as const, 'delete' as const), key: fc.nat(8) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const cache = new WeightedLru<number, number>(100, (weight) => weight);
        // The model: most recent last.
        let model: { key: number; weight: number }[] = [];
        for (const o of ops) {
          if (o.kind === 'set') {
            model = model.filter((e) => e.key !== o.key);
            if (o.weight <= 100) model.push({ key: o.key, weight: o.weight });
            while (model.reduce((sum, e) => sum + e.weight, 0) > 100) model.shift();
            cache.set(o.key, o.weight);
          } else if (o.kind === 'get') {
            const found = model.find((e) => e.key === o.key);
            if (found) model = [...model.filter((e) => e.key !== o.key), found];
            expect(cache.get(o.key)).toBe(found?.weight);
          } else {
            model = model.filter((e) => e.key !== o.key);
            cache.delete(o.key);
          }
          expect(cache.totalWeight).toBe(model.reduce((sum, e) => sum + e.weight, 0));
          for (let key = 0; key <= 8; key++) expect(cache.peek(key)).toBe(model.find((e) => e.key === key)?.weight);
        }
      }),
    );
  });
});
