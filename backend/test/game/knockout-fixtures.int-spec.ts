import type { Fixture } from '@scoreline/contracts/api/fixtures';
import { bearer, grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { startTestSystem, type TestSystem } from '../support/test-system';

const DAY = 24 * 3600 * 1000;

/**
 * How the fixtures screen's calls show a tournament's matches: a group match with its group, the
 * two legs of a tie (the "who goes through" pick with the second only), a final between two
 * placeholders ("W1" v "W2": listed, no team id, not open for prediction), and extra time and
 * penalties once recorded. The season is active and written in SQL (a tournament cannot be the
 * active season through the import yet).
 */
describe('knockout fixtures on the fixtures screen', () => {
  let sys: TestSystem;
  let admin: FastUser;
  let fan: FastUser;
  let previouslyActive: number[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin, fan] = await insertVerifiedUsers(sys, 2, 'kofix', { onboarded: true });
    await grantAdminRole(sys, admin.id);
    const tag = Date.now().toString(36);
    const code = `kf${tag}`.slice(0, 16);
    await sys.db.query(`INSERT INTO competitions (code, name) VALUES ($1, 'Knockout Fixtures Cup') ON CONFLICT (code) DO NOTHING`, [code]);
    previouslyActive = (await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`)).map((r: { id: number }) => r.id);
    const [{ id: seasonId }]: { id: number }[] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2096', $2, true) RETURNING id`,
      [`Knockout Fixtures Cup ${tag}`, code],
    );
    const clubs: number[] = (
      await sys.db.query(
        `INSERT INTO clubs (name, short_name) SELECT 'KF Club ' || $1 || ' ' || i, 'KF' || i FROM generate_series(1, 3) AS i ORDER BY i RETURNING id`,
        [tag],
      )
    ).map((r: { id: number }) => r.id);
    const now = Date.now();
    const rounds = [
      { name: 'Matchday 1', kind: 'group', twoLegged: false, at: now - 3 * DAY },
      { name: 'Semi-finals', kind: 'knockout', twoLegged: true, at: now - 2 * DAY },
      { name: 'Semi-finals', kind: 'knockout', twoLegged: true, at: now - DAY },
      { name: 'Final', kind: 'knockout', twoLegged: false, at: now + 2 * DAY },
    ];
    const gameweeks: number[] = [];
    for (const [i, r] of rounds.entries()) {
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO gameweeks (season_id, number, name, kind, two_legged, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
        [seasonId, i + 1, r.name, r.kind, r.twoLegged, new Date(r.at)],
      );
      gameweeks.push(id);
    }
    type Goals = [number, number];
    type Extra = { group?: string; tie?: string; leg?: 1 | 2; status?: string; ft?: Goals; et?: Goals; pen?: Goals };
    const insert = async (key: string, round: number, home: number | string, away: number | string, extra: Extra = {}) => {
      const [{ id }]: { id: number }[] = await sys.db.query(
        `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, home_placeholder, away_placeholder, kickoff_at,
                               group_name, tie_key, tie_leg, status, home_score, away_score, et_home, et_away, pen_home, pen_away)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id`,
        [
          seasonId, gameweeks[round - 1], key,
          typeof home === 'number' ? home : null, typeof away === 'number' ? away : null,
          typeof home === 'string' ? home : null, typeof away === 'string' ? away : null,
          new Date(rounds[round - 1].at), extra.group ?? null, extra.tie ?? null, extra.leg ?? null,
          extra.status ?? 'scheduled', extra.ft?.[0] ?? null, extra.ft?.[1] ?? null, extra.et?.[0] ?? null, extra.et?.[1] ?? null,
          extra.pen?.[0] ?? null, extra.pen?.[1] ?? null,
        ],
      );
      ids[key] = id;
    };
    const [c1, c2, c3] = clubs;
    await insert('group', 1, c1, c2, { group: 'Group A', status: 'finished', ft: [1, 0] });
    await insert('leg1', 2, c1, c3, { tie: 'sf1', leg: 1, status: 'finished', ft: [1, 0] });
    await insert('leg2', 3, c3, c1, { tie: 'sf1', leg: 2, status: 'finished', ft: [1, 0], et: [1, 0], pen: [4, 2] });
    await insert('final', 4, 'W1', 'W2');
  }, 60_000);

  afterAll(async () => {
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active`);
    if (previouslyActive.length > 0) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = $1`, [previouslyActive[0]]);
    await sys?.close();
  });

  const round = async (n: number): Promise<Fixture[]> => (await sys.http.get(`/api/fixtures/gameweek/${n}/`).set(bearer(fan.token)).expect(200)).body.data.fixtures;

  it('lists a final between placeholders, with no team ids, carrying the goes-through pick, and closed to predictions', async () => {
    const [final] = await round(4);
    expect(final).toMatchObject({
      id: ids.final,
      home_team: 'W1',
      away_team: 'W2',
      home_team_short: 'W1',
      home_team_id: null,
      away_team_id: null,
      home_placeholder: 'W1',
      away_placeholder: 'W2',
      round_name: 'Final',
      round_kind: 'knockout',
      tie_leg: null,
      advance_pick: true,
      home_team_form: '',
    });
    const save = await sys.http
      .post('/api/predictions/')
      .set(bearer(fan.token))
      .send({ predictions: [{ fixture: final.id, home_score: 1, away_score: 0, advance: 'home' }] });
    expect(save.status).toBe(400);
    expect(JSON.stringify(save.body)).not.toMatch(/stack|at \//);
  });

  it('shows a group match with its group, and a tie whose second leg alone takes the pick, with extra time and penalties', async () => {
    const [group] = await round(1);
    expect(group).toMatchObject({ round_kind: 'group', group_name: 'Group A', advance_pick: false, extra_time: null, penalties: null });
    const [leg1] = await round(2);
    const [leg2] = await round(3);
    expect(leg1).toMatchObject({ tie_leg: 1, advance_pick: false, round_name: 'Semi-finals' });
    expect(leg2).toMatchObject({ tie_leg: 2, advance_pick: true, extra_time: { home: 1, away: 0 }, penalties: { home: 4, away: 2 } });
  });
});
