import { BackgroundReloads, BIG_TABLE_MEMBERS_RELOAD, keptTableUse, tableVersionsOf } from './kept-tables';

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

describe('BackgroundReloads.keptAnswer', () => {
  // A join since the kept table's load: the version moved, the recompute did not.
  const joined = { version: 2_000, recomputed: 1_000 };

  it('answers with a kept table across a join and starts one reload, once due, however many reads find it due', async () => {
    const reloads = new BackgroundReloads();
    const kept = { version: 1_000, recomputed: 1_000, loadedAt: Date.now() };
    let started = 0;
    let finish = () => undefined as void;
    const reload = () => {
      started += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    expect(reloads.keptAnswer('a', kept, joined, reload)).toBe(kept);
    expect(started).toBe(0);
    const due = { ...kept, loadedAt: Date.now() - BIG_TABLE_MEMBERS_RELOAD.ms };
    expect(reloads.keptAnswer('a', due, joined, reload)).toBe(due);
    expect(reloads.keptAnswer('a', due, joined, reload)).toBe(due);
    expect(started).toBe(1);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    reloads.keptAnswer('a', due, joined, reload);
    expect(started).toBe(2);
  });

  it('does not answer, nor reload behind the read, across a recompute or with nothing kept: the caller loads', () => {
    const reloads = new BackgroundReloads();
    const reload = jest.fn(() => Promise.resolve());
    const kept = { version: 1_000, recomputed: 500, loadedAt: 0 };
    expect(reloads.keptAnswer('a', kept, joined, reload)).toBeUndefined();
    expect(reloads.keptAnswer('a', undefined, joined, reload)).toBeUndefined();
    expect(reload).not.toHaveBeenCalled();
  });
});
