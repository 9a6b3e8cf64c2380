import { BIG_TABLE_MEMBERS_RELOAD, keptTableUse, tableVersionsOf } from './kept-tables';

describe('keptTableUse', () => {
  const kept = { version: 1_000, recomputed: 1_000, loadedAt: 50_000 };

  it('answers at its own version and loads nothing', () => {
    expect(keptTableUse(kept, { version: 1_000, recomputed: 1_000 }, 90_000)).toEqual({ answers: true, reload: false });
  });

  it('never answers across a recompute: its figures would go back', () => {
    expect(keptTableUse(kept, { version: 2_000, recomputed: 2_000 }, 50_001)).toEqual({ answers: false, reload: true });
    // A recompute and then a join: still behind the recompute.
    expect(keptTableUse(kept, { version: 3_000, recomputed: 2_000 }, 50_001)).toEqual({ answers: false, reload: true });
  });

  it('answers for joins and leaves since its load, and asks for a fresh one once it is BIG_TABLE_MEMBERS_RELOAD old', () => {
    const joined = { version: 2_000, recomputed: 1_000 };
    expect(keptTableUse(kept, joined, 50_000 + BIG_TABLE_MEMBERS_RELOAD.ms - 1)).toEqual({ answers: true, reload: false });
    expect(keptTableUse(kept, joined, 50_000 + BIG_TABLE_MEMBERS_RELOAD.ms)).toEqual({ answers: true, reload: true });
  });
});

describe('tableVersionsOf', () => {
  it('reads both stamps in ms, 0 before the first recompute', () => {
    expect(tableVersionsOf({ computed_at: new Date(5_000), recomputed_at: new Date(4_000) })).toEqual({ version: 5_000, recomputed: 4_000 });
    expect(tableVersionsOf({ computed_at: null, recomputed_at: null })).toEqual({ version: 0, recomputed: 0 });
  });
});
