import { BIG_LEAGUE } from '@scoreline/backend/platform/common/big-league';
import { LeagueMembersService } from '@scoreline/backend/leagues/league-members.service';
import { GenericPlanPool } from '@scoreline/backend/platform/database/generic-plan-pool';
import { StandingsService } from '@scoreline/backend/standings/standings.service';
import { storedRank } from '@scoreline/backend/standings/table-ranking.shared-sql';
import fc from 'fast-check';
import { startsWithRange } from '@scoreline/backend/platform/common/sql-like';
import { startTestSystem, TestSystem } from '../support/test-system';
import { fastUser, FastUser } from './league-test-helpers';

interface ListedMember {
  user_id: number;
  rank: number | null;
  total_points: number;
}

/**
 * The members list's first pages by rank come from the leading rows the standings recompute
 * keeps; deeper pages, filters and name order from the general query. Both must give one order:
 * rank, ties by user id (as the leaderboard), members not ranked yet last — also when members
 * joined or left after the last recompute.
 */
describe('league members list and member stats', () => {
  let sys: TestSystem;
  let owner: FastUser;
  const players: FastUser[] = [];
  let leagueId: number;
  let seasonId: number;

  const list = async (query: Record<string, string | number>): Promise<{ members: ListedMember[]; total_count: number }> =>
    (await sys.http.get(`/api/leagues/${leagueId}/members/enhanced/`).query(query).set(owner.auth).expect(200)).body.data;

  /** Every page of the list, one after another. */
  const allPages = async (sort: string, pageSize: number): Promise<ListedMember[]> => {
    const out: ListedMember[] = [];
    for (let page = 1; ; page += 1) {
      const data = await list({ sort, page_size: pageSize, page });
      out.push(...data.members);
      if (out.length >= data.total_count) return out;
    }
  };

  /** The order worked out here from the stored standings (ranks derived from their histogram), independently of the API. */
  const expectedOrder = async (): Promise<number[]> => {
    const rows: { user_id: number; rank: number | null }[] = await sys.db.query(
      `SELECT m.user_id, ${storedRank('s')} AS rank FROM league_members m
       LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id
       WHERE m.league_id = $1`,
      [leagueId],
    );
    return rows
      .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.user_id - b.user_id)
      .map((r) => r.user_id);
  };

  beforeAll(async () => {
    sys = await startTestSystem();
    const [season]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Member Lists League 2088/89', '2088/89', 'en.1', true) RETURNING id`,
    );
    seasonId = season.id;
    owner = await fastUser(sys, 'Olga', 'Owner');
    // Names run against user ids, so a tie broken by name would show.
    for (let i = 0; i < 130; i += 1) players.push(await fastUser(sys, `Player${String(129 - i).padStart(3, '0')}`, 'Lister'));
    // Points with many ties: 0, 10, …, 60 points.
    await sys.db.query(
      `INSERT INTO user_season_totals (user_id, season_id, points, predictions)
       SELECT u, $2, (u % 7) * 10, 1 FROM unnest($1::int[]) AS u`,
      [[owner.id, ...players.map((p) => p.id)], seasonId],
    );
    leagueId = (await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Long List', type: 'public' }).expect(201)).body.data.id;
    for (const p of players) await sys.http.post('/api/leagues/join/').set(p.auth).send({ type: 'public', league_id: leagueId }).expect(200);
    await sys.settle();
  });

  afterAll(async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
    await sys.close();
  });

  it('pages by rank, ties by user id, the same across the leading pages and the deeper ones, and the same by points', async () => {
    const order = await expectedOrder();
    expect(order).toHaveLength(131);
    const byRank = await allPages('rank', 20); // pages 1–5 from the summary, 6–7 from the general query
    expect(byRank.map((m) => m.user_id)).toEqual(order);
    const ranks = byRank.map((m) => m.rank as number);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(byRank[0]).toMatchObject({ rank: 1, total_points: 60 });
    expect((await allPages('points', 50)).map((m) => m.user_id)).toEqual(order);

    // The leaderboard agrees.
    const board = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).query({ page_size: 100 }).set(owner.auth).expect(200);
    expect(board.body.data.leaderboard.slice(0, 100).map((r: { user_id: number }) => r.user_id)).toEqual(order.slice(0, 100));
    // Beyond the summary's leading rows: the rows in key order, ranks from the histogram, the same as the members list's.
    const deep = await sys.http.get(`/api/leagues/${leagueId}/leaderboard/`).query({ page_size: 20, page: 6 }).set(owner.auth).expect(200);
    // (The viewer's own row follows the page when it is not on it.)
    const rows = deep.body.data.leaderboard.slice(0, 20) as { user_id: number; rank: number }[];
    expect(rows.map((r) => [r.user_id, r.rank])).toEqual(byRank.slice(100, 120).map((m) => [m.user_id, m.rank]));
  });

  it('keeps the order right for members who joined or left after the last recompute', async () => {
    const newcomer = await fastUser(sys, 'Nina', 'Newcomer');
    // The best-ranked member who is not the owner nor one of the first three players (points follow
    // user ids, so any of them may lead; the owner must stay, and the activity test reads those three).
    const staying = new Set([owner.id, ...players.slice(0, 3).map((p) => p.id)]);
    const leader = (await list({ sort: 'rank', page_size: 5 })).members.map((m) => m.user_id);
    const leaver = leader.find((id) => !staying.has(id))!;
    // Straight to the table: no event, so the stored standings stay as they were.
    await sys.db.query(`INSERT INTO league_members (league_id, user_id, role) VALUES ($1, $2, 'member')`, [leagueId, newcomer.id]);
    await sys.db.query(`DELETE FROM league_members WHERE league_id = $1 AND user_id = $2`, [leagueId, leaver]);

    const first = await list({ sort: 'rank', page_size: 20 });
    expect(first.total_count).toBe(131);
    expect(first.members).toHaveLength(20);
    expect(first.members.map((m) => m.user_id)).not.toContain(leaver);
    const order = await expectedOrder();
    expect(first.members.map((m) => m.user_id)).toEqual(order.slice(0, 20));
    const everything = await allPages('rank', 25);
    expect(everything.map((m) => m.user_id)).toEqual(order);
    expect(everything.at(-1)).toMatchObject({ user_id: newcomer.id, rank: null, total_points: 0 });

    // A small league's stats are counted at each call: the newcomer is there at once.
    const stats = await sys.http.get(`/api/leagues/${leagueId}/members/stats/`).set(owner.auth).expect(200);
    expect(stats.body.data.member_stats.total_members).toBe(131);
  });

  it('filters and sorts by name through the general query', async () => {
    const byName = await allPages('name', 40);
    const names: string[] = byName.map((m) => (m as unknown as { full_name: string }).full_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const search = await list({ search: 'player01', page_size: 50 });
    expect(search.members.length).toBe(10);
    expect(search.total_count).toBe(10);
    // Past the last match the count still comes (a search counts with its page).
    expect(await list({ search: 'player01', page_size: 5, page: 3 })).toMatchObject({ members: [], total_count: 10 });
    const owners = await list({ role: 'owner' });
    expect(owners.members.map((m) => m.user_id)).toEqual([owner.id]);
  });

  it('finds a member by the start of a word: the full name, the family name or the username, in any case', async () => {
    const ids = async (search: string) => (await list({ search, page_size: 50 })).members.map((m) => m.user_id);
    const total = async (search: string) => (await list({ search, page_size: 1 })).total_count;
    const player010 = players[129 - 10];
    expect(await ids('Player010 LIS')).toEqual([player010.id]);
    const [{ listers }]: { listers: number }[] = await sys.db.query(
      `SELECT count(*)::int AS listers FROM league_members m JOIN users u ON u.id = m.user_id WHERE m.league_id = $1 AND u.last_name = 'Lister'`,
      [leagueId],
    );
    expect(listers).toBeGreaterThan(100);
    expect(await total('lister')).toBe(listers);
    expect(await total('LIS')).toBe(listers);
    const [{ username }]: { username: string }[] = await sys.db.query(`SELECT username FROM users WHERE id = $1`, [player010.id]);
    expect(await ids(username.toUpperCase())).toEqual([player010.id]);
    expect(await ids(username.slice(0, -1))).toContain(player010.id);
    // Inside a word is not a start: "ister" finds no Lister, "layer" no Player.
    expect(await total('ister')).toBe(0);
    expect(await total('layer010')).toBe(0);
    // LIKE's wildcards are plain characters in a search.
    expect(await total('%')).toBe(0);
    expect(await total('Player01_')).toBe(0);
  });

  it('matches by range exactly the names that start with the search, whatever their characters (property, in Postgres)', async () => {
    // Characters at the edges of the range's arithmetic (z/{, U+D7FF/U+E000, the planes) and of lower().
    const edgy = fc.constantFrom('a', 'z', 'Z', '{', '~', '%', '_', '\\', ' ', 'ÿ', 'Ā', 'é', 'É', 'İ', 'ß', 'Σ', '\uD7FF', '\uE000', '\uFFFD', '\u{10000}', '\u{10FFFD}');
    const char = fc.oneof(edgy, fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => c !== '\u0000' && !/[\uFDD0-\uFDEF]|\uFFFE|\uFFFF/u.test(c) && (c.codePointAt(0)! & 0xfffe) !== 0xfffe));
    const text = fc.array(char, { maxLength: 6 }).map((cs) => cs.join(''));
    const pair = fc.oneof(
      fc.record({ name: text, search: text.filter((t) => t.length > 0) }),
      // A prefix of the name, its case flipped here and there: the matches.
      fc.tuple(text.filter((t) => t.length > 0), fc.nat(), fc.boolean()).map(([name, cut, upper]) => {
        const chars = [...name];
        const prefix = chars.slice(0, 1 + (cut % chars.length)).join('');
        return { name, search: upper ? prefix.toUpperCase() : prefix };
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(pair, { minLength: 1, maxLength: 40 }), async (pairs) => {
        const rows: { by_range: boolean; expected: boolean }[] = await sys.db.query(
          `SELECT ${startsWithRange('lower(x.name)', 'lower(x.search)')} AS by_range, starts_with(lower(x.name), lower(x.search)) AS expected
           FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(name, search, i) ORDER BY x.i`,
          [pairs.map((p) => p.name), pairs.map((p) => p.search)],
        );
        expect(rows.map((r) => r.by_range)).toEqual(rows.map((r) => r.expected));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a search holding a noncharacter (U+10FFFF has no character after it) with a 400', async () => {
    const res = await sys.http.get(`/api/leagues/${leagueId}/members/enhanced/`).query({ search: 'ab\u{10FFFF}' }).set(owner.auth).expect(400);
    expect(res.body).toMatchObject({ errors: { search: ['search contains a character that is not allowed.'] } });
  });

  it('gives every page the ranks of the table as last recomputed, in any order, and follows each recompute', async () => {
    // Ranks by key are kept per table version: read once (kept), then the points move and the table is recomputed.
    const before = await allPages('name', 50);
    const expectedRanks = async () => {
      const rows: { user_id: number; rank: number | null }[] = await sys.db.query(
        `SELECT m.user_id, ${storedRank('s')} AS rank FROM league_members m
         LEFT JOIN league_standings s ON s.league_id = m.league_id AND s.user_id = m.user_id WHERE m.league_id = $1`,
        [leagueId],
      );
      return new Map(rows.map((r) => [r.user_id, r.rank]));
    };
    const ranksBefore = await expectedRanks();
    expect(before.map((m) => m.rank)).toEqual(before.map((m) => ranksBefore.get(m.user_id)));

    // The last by name jumps to the top alone; everyone else slips one place.
    const climber = before.at(-1)!;
    await sys.db.query(`UPDATE user_season_totals SET points = 1000 WHERE user_id = $1 AND season_id = $2`, [climber.user_id, seasonId]);
    await sys.workers.get(StandingsService, { strict: false }).recomputeLeague(leagueId);
    const after = await allPages('name', 50);
    const ranksAfter = await expectedRanks();
    expect(after.find((m) => m.user_id === climber.user_id)).toMatchObject({ rank: 1, total_points: 1000 });
    expect(after.map((m) => m.rank)).toEqual(after.map((m) => ranksAfter.get(m.user_id)));
    const search = await list({ search: 'player', sort: 'name', page_size: 50 });
    expect(search.members.map((m) => m.rank)).toEqual(search.members.map((m) => ranksAfter.get(m.user_id)));
    expect(after.map((m) => m.rank)).not.toEqual(before.map((m) => m.rank));
  });

  it("serves a big league's shared pages once per table version, each reader marked as themselves", async () => {
    const bigFrom = BIG_LEAGUE.members;
    BIG_LEAGUE.members = 100;
    try {
      await list({ sort: 'name' }); // counted: now a big league
      const pageAs = async (viewer: FastUser) =>
        (await sys.http.get(`/api/leagues/${leagueId}/members/enhanced/`).query({ sort: 'name', page_size: 100 }).set(viewer.auth).expect(200)).body.data
          .members as (ListedMember & { is_current_user: boolean })[];
      const reader = players[129]; // Player000: on the first page by name, with the owner
      const [asOwner, asReader] = [await pageAs(owner), await pageAs(reader)];
      expect(asOwner.filter((m) => m.is_current_user).map((m) => m.user_id)).toEqual([owner.id]);
      expect(asReader.filter((m) => m.is_current_user).map((m) => m.user_id)).toEqual([reader.id]);
      expect(asReader.map((m) => [m.user_id, m.rank])).toEqual(asOwner.map((m) => [m.user_id, m.rank]));

      // A recompute moves the table version: the next read is built afresh, with the new ranks.
      const faller = asOwner.filter((m) => m.rank !== null).sort((a, b) => a.rank! - b.rank!)[0];
      expect(faller.total_points).toBeGreaterThan(0);
      await sys.db.query(`UPDATE user_season_totals SET points = 0 WHERE user_id = $1 AND season_id = $2`, [faller.user_id, seasonId]);
      await sys.workers.get(StandingsService, { strict: false }).recomputeLeague(leagueId);
      const after = await pageAs(reader);
      expect(after.find((m) => m.user_id === faller.user_id)).toMatchObject({ total_points: 0 });
      expect(after.find((m) => m.user_id === faller.user_id)!.rank).toBeGreaterThan(faller.rank!);
    } finally {
      BIG_LEAGUE.members = bigFrom;
    }
  });

  it('searches a league holding most accounts names first, on one generic plan, with the same answers as the general query (property)', async () => {
    const cases = fc.record({
      // Prefixes of the members' names (full, family, username), any case, and strings that match nobody.
      search: fc.oneof(
        fc.constantFrom('player01', 'Player010 LIS', 'lister', 'LIS', 'p', 'olga o', 'owner', 'ister', '%', 'Player01_', 'zz'),
        fc.tuple(fc.integer({ min: 0, max: 129 }), fc.integer({ min: 1, max: 12 }), fc.boolean()).map(([i, n, upper]) => {
          const name = `player${String(i).padStart(3, '0')} lister`.slice(0, n);
          return upper ? name.toUpperCase() : name;
        }),
      ),
      sort: fc.constantFrom('rank', 'points', 'name'),
      pageSize: fc.integer({ min: 1, max: 15 }),
      page: fc.integer({ min: 1, max: 4 }),
    });
    const samples = fc.sample(cases, { numRuns: 40, seed: 20261126 });
    const answer = async (c: (typeof samples)[number]) => {
      const data = await list({ search: c.search, sort: c.sort, page_size: c.pageSize, page: c.page });
      return { ids: data.members.map((m) => [m.user_id, m.rank, m.total_points]), total: data.total_count };
    };
    const namesFirst = jest.spyOn(sys.api.get(GenericPlanPool).pool, 'query');
    // Whether this league holds most accounts depends on what else the database holds: decided
    // here both ways (searchesNamesFirst's rule has its own spec).
    const members = sys.api.get(LeagueMembersService) as unknown as { searchesNamesFirst(leagueId: number): Promise<boolean> };
    const decide = jest.spyOn(members, 'searchesNamesFirst').mockResolvedValue(false);
    try {
      // The general query's answers first.
      const general = [];
      for (const c of samples) general.push(await answer(c));
      expect(namesFirst).not.toHaveBeenCalled();

      decide.mockResolvedValue(true);
      for (const [i, c] of samples.entries()) expect({ case: c, ...(await answer(c)) }).toEqual({ case: c, ...general[i] });
      expect(namesFirst).toHaveBeenCalled();
      expect(namesFirst.mock.calls.every(([statement]) => (statement as unknown as { name: string }).name.startsWith('names_first_search_page_'))).toBe(true);
      // A role filter still goes the general way.
      const calls = namesFirst.mock.calls.length;
      expect((await list({ search: 'olga', role: 'owner' })).members.map((m) => m.user_id)).toEqual([owner.id]);
      expect(namesFirst.mock.calls.length).toBe(calls);
    } finally {
      decide.mockRestore();
      namesFirst.mockRestore();
    }
  });

  it("shows each member's activity in the active season: accuracy, gameweeks predicted, and whether they predicted the current one", async () => {
    const [home, away]: { id: number }[] = await sys.db.query(`SELECT id FROM clubs ORDER BY id LIMIT 2`);
    const gameweek = async (number: number, status: string): Promise<{ gameweekId: number; fixtureId: number }> => {
      const [{ id: gameweekId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, $2, now(), now()) RETURNING id`,
        [seasonId, number],
      );
      const [{ id: fixtureId }]: { id: number }[] = await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, status, home_score, away_score)
         VALUES ($1, $2, $3, $4, now(), $5::text, CASE WHEN $5::text = 'finished' THEN 1 END, CASE WHEN $5::text = 'finished' THEN 0 END) RETURNING id`,
        [seasonId, gameweekId, home.id, away.id, status],
      );
      return { gameweekId, fixtureId };
    };
    // Gameweek 1 is played out; gameweek 2 is the current one (its match is still to come).
    const played = await gameweek(1, 'finished');
    const current = await gameweek(2, 'scheduled');
    const [both, onlyFirst] = [players[0], players[1]]; // Player129, Player128
    const predict = (userId: number, g: { gameweekId: number; fixtureId: number }) =>
      sys.db.query(`INSERT INTO predictions (user_id, fixture_id, gameweek_id, season_id, home_score, away_score) VALUES ($1, $2, $3, $4, 1, 0)`, [
        userId,
        g.fixtureId,
        g.gameweekId,
        seasonId,
      ]);
    await predict(both.id, played);
    await predict(both.id, current);
    await predict(onlyFirst.id, played);
    await sys.db.query(`UPDATE user_season_totals SET correct = 3, scored = 4 WHERE user_id = $1 AND season_id = $2`, [both.id, seasonId]);
    try {
      // A search is never a shared page: it reads the activity as it is now.
      const member = async (name: string) => (await list({ search: name })).members[0] as unknown as Record<string, unknown>;
      expect(await member('Player129')).toMatchObject({ user_id: both.id, weeks_active: 2, is_active_this_gameweek: true, prediction_accuracy: 75 });
      expect(await member('Player128')).toMatchObject({ user_id: onlyFirst.id, weeks_active: 1, is_active_this_gameweek: false, prediction_accuracy: 0 });
      expect(await member('Player127')).toMatchObject({ user_id: players[2].id, weeks_active: 0, is_active_this_gameweek: false });
    } finally {
      await sys.db.query(`UPDATE user_season_totals SET correct = 0, scored = 0 WHERE user_id = $1 AND season_id = $2`, [both.id, seasonId]);
      await sys.db.query(`DELETE FROM predictions WHERE season_id = $1`, [seasonId]);
      await sys.db.query(`DELETE FROM fixtures WHERE season_id = $1`, [seasonId]);
      await sys.db.query(`DELETE FROM gameweeks WHERE season_id = $1`, [seasonId]);
    }
  });

  it("counts a big league's members as its last recompute did and a small league's exactly: on the hub, its page, its stats and the public list", async () => {
    const bigFrom = BIG_LEAGUE.members;
    BIG_LEAGUE.members = 100;
    const shown = async () => {
      const hub = (await sys.http.get('/api/leagues/overview/').set(owner.auth).expect(200)).body.data;
      const page = (await sys.http.get(`/api/leagues/${leagueId}/`).set(owner.auth).expect(200)).body.data;
      const stats = (await sys.http.get(`/api/leagues/${leagueId}/stats/`).set(owner.auth).expect(200)).body.data.stats;
      const discover = (await sys.http.get('/api/leagues/discover/').query({ search: 'Long List', page_size: 50 }).set(owner.auth).expect(200)).body.data;
      return [
        (hub.public_leagues.leagues as { league: { id: number; member_count: number } }[]).find((e) => e.league.id === leagueId)!.league.member_count,
        page.member_count,
        stats.total_members,
        (discover.leagues as { id: number; member_count: number }[]).find((l) => l.id === leagueId)!.member_count,
      ];
    };
    const [{ n: exact }]: { n: number }[] = await sys.db.query(`SELECT count(*)::int AS n FROM league_members WHERE league_id = $1`, [leagueId]);
    const setCounted = (n: number) => sys.db.query(`UPDATE league_standings_summary SET member_count = $2 WHERE league_id = $1`, [leagueId, n]);
    try {
      // Big by its last count: that count, not a count of every member per request.
      await setCounted(4242);
      expect(await shown()).toEqual([4242, 4242, 4242, 4242]);
      // Small by its last count: counted exactly.
      await setCounted(99);
      expect(await shown()).toEqual([exact, exact, exact, exact]);
    } finally {
      await setCounted(exact);
      BIG_LEAGUE.members = bigFrom;
    }
  });

  it("gives the hub each viewer's rank in the stored table, as the histogram ranks it", async () => {
    // Members still in the league (an earlier test had some leave), with a stored row.
    const want: { user_id: number; rank: number }[] = await sys.db.query(
      `SELECT s.user_id, ${storedRank('s')} AS rank FROM league_standings s JOIN league_members m ON m.league_id = s.league_id AND m.user_id = s.user_id
       WHERE s.league_id = $1 AND s.user_id = ANY($2::int[])`,
      [leagueId, [owner, ...players].map((v) => v.id)],
    );
    const viewers = [owner, ...players].filter((v) => want.some((w) => w.user_id === v.id)).slice(0, 13);
    expect(new Set(want.map((w) => w.rank)).size).toBeGreaterThan(3);
    for (const v of viewers) {
      const hub = (await sys.http.get('/api/leagues/overview/').set(v.auth).expect(200)).body.data;
      const entry = (hub.public_leagues.leagues as { league: { id: number }; rank: number | null }[]).find((e) => e.league.id === leagueId)!;
      expect([v.id, entry.rank]).toEqual([v.id, want.find((w) => w.user_id === v.id)!.rank]);
    }
  });
});
