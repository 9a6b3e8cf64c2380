import type { CalendarFeedSettings } from '@scoreline/contracts/api/calendar';
import type { League, LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { registerUser, verifyOtp } from '../api/api-helpers';
import { ensureCompetition } from '../support/competitions';
import { grantAdminRole, insertVerifiedUsers, type FastUser } from '../support/game-factories';
import { connectLive } from '../support/socket-client';
import { startTestSystem, type TestSystem } from '../support/test-system';
import { clubsOf } from './league-test-helpers';

/**
 * The automatic leagues in every competition a fan plays (issue 34 §1, docs/competitions.md): a
 * league competition and a tournament active at once. Verification joins the global league of each
 * competition played (the home one for a fan playing none); a country or club change moves the
 * country league of each, and the club league where the team falls back to the club; starting to
 * play joins the global, country and team's league (a tournament's: the national team chosen,
 * movable until its first kick-off); joining or being approved into a league of another
 * competition joins its automatic leagues. The League payload, fixture.updated and the calendar
 * feed name their competition.
 */
describe('automatic leagues per competition', () => {
  const LG = 'alpc.lg';
  const LG_NAME = 'Automatic Leagues League';
  const WC = 'alpc.wc';
  const WC_NAME = 'Automatic Leagues Cup 2119';
  let sys: TestSystem;
  let admin: FastUser;
  let previouslyActive: number[] = [];
  const lg = { seasonId: 0, clubs: [] as number[] };
  const wc = { seasonId: 0, nations: [] as number[], laterFixture: 0 };
  /** England and Spain, each with clubs outside the league competition's fixtures. */
  let eng: { countryId: number; clubIds: number[] };
  let esp: { countryId: number; clubIds: number[] };

  /** The fan's global, country and club leagues, as "code:type[:country or club id]", sorted. */
  const automaticOf = async (userId: number): Promise<string[]> =>
    (
      await sys.db.query(
        `SELECT l.competition_code || ':' || l.type || coalesce(':' || coalesce(l.country_id, l.club_id), '') AS k
         FROM league_members m JOIN leagues l ON l.id = m.league_id
         WHERE m.user_id = $1 AND l.type IN ('global', 'country', 'club') ORDER BY 1`,
        [userId],
      )
    ).map((r: { k: string }) => r.k);
  const playedBy = async (userId: number): Promise<string[]> =>
    (await sys.db.query(`SELECT competition_code FROM user_competitions WHERE user_id = $1 ORDER BY 1`, [userId])).map(
      (r: { competition_code: string }) => r.competition_code,
    );
  const play = (fan: FastUser, code: string, body: object = {}) => sys.http.put(`/api/competitions/${code}/play/`).set(fan.auth).send(body).expect(200);
  const choose = (fan: FastUser, country: { countryId: number }, clubId: number) =>
    sys.http.post('/api/onboarding/complete/').set(fan.auth).send({ country_id: country.countryId, club_id: clubId }).expect(200);
  const fans = (n: number, prefix: string) => insertVerifiedUsers(sys, n, prefix, { onboarded: true });
  const sorted = (keys: string[]) => [...keys].sort();
  const clubName = async (id: number): Promise<string> => (await sys.db.query(`SELECT name FROM clubs WHERE id = $1`, [id]))[0].name;

  beforeAll(async () => {
    sys = await startTestSystem();
    [admin] = await fans(1, 'alpcadmin');
    await grantAdminRole(sys, admin.id);
    // This database plays exactly these two competitions; the league one is the older season (the home one).
    previouslyActive = (await sys.db.query(`UPDATE seasons SET is_active = false WHERE is_active RETURNING id`)).map((r: { id: number }) => r.id);
    eng = await clubsOf(sys, 'GB-ENG');
    esp = await clubsOf(sys, 'ES');

    await ensureCompetition(sys.db, LG, LG_NAME);
    [{ id: lg.seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ('Automatic Leagues League 2119/20', '2119/20', $1, true) RETURNING id`,
      [LG],
    );
    lg.clubs = eng.clubIds.slice(0, 4);
    const [{ id: lgRound }] = await sys.db.query(
      `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, 1, now() + interval '10 days', now() + interval '10 days 3 hours') RETURNING id`,
      [lg.seasonId],
    );
    await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at)
       VALUES ($1, $2, $3, $4, now() + interval '10 days'), ($1, $2, $5, $6, now() + interval '10 days 3 hours')`,
      [lg.seasonId, lgRound, ...lg.clubs],
    );

    // The tournament: named rounds of national teams; its first kick-off in twelve days.
    await ensureCompetition(sys.db, WC, WC_NAME);
    [{ id: wc.seasonId }] = await sys.db.query(
      `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, '2119', $2, true) RETURNING id`,
      [WC_NAME, WC],
    );
    const names = ['Autoland', 'Autovia', 'Autonia', 'Autoria'];
    await sys.db.query(
      `INSERT INTO clubs (name, short_name, kind) SELECT n, n, 'national' FROM unnest($1::text[]) AS n ON CONFLICT (name) DO NOTHING`,
      [names],
    );
    wc.nations = (await sys.db.query(`SELECT id FROM clubs WHERE name = ANY($1::text[]) ORDER BY array_position($1::text[], name::text)`, [names])).map(
      (r: { id: number }) => r.id,
    );
    const round = async (n: number, days: number): Promise<number> =>
      (
        await sys.db.query(
          `INSERT INTO gameweeks (season_id, number, name, kind, starts_at, ends_at)
           VALUES ($1, $2, $3, 'group', now() + make_interval(days => $4), now() + make_interval(days => $4, hours => 3)) RETURNING id`,
          [wc.seasonId, n, `Matchday ${n}`, days],
        )
      )[0].id;
    const [first, second] = [await round(1, 12), await round(2, 16)];
    const fixtures: { id: number }[] = await sys.db.query(
      `INSERT INTO fixtures (season_id, gameweek_id, home_club_id, away_club_id, kickoff_at, group_name)
       VALUES ($1, $2, $4, $5, now() + interval '12 days', 'A'), ($1, $2, $6, $7, now() + interval '12 days 3 hours', 'A'),
              ($1, $3, $4, $6, now() + interval '16 days', 'A')
       RETURNING id`,
      [wc.seasonId, first, second, ...wc.nations],
    );
    wc.laterFixture = fixtures[2].id;
  });

  afterAll(async () => {
    if (!sys) return;
    await sys.settle(30000);
    await sys.db.query(`UPDATE seasons SET is_active = false WHERE id = ANY($1::int[])`, [[lg.seasonId, wc.seasonId]]);
    if (previouslyActive.length > 0) await sys.db.query(`UPDATE seasons SET is_active = true WHERE id = ANY($1::int[])`, [previouslyActive]);
    await sys.close();
  });

  it("joins at verification the global league of each competition the fan plays, and the home competition's for a fan playing none", async () => {
    const [cupOnly, both, none] = [await registerUser(sys), await registerUser(sys), await registerUser(sys)];
    // Recorded before verification (user_competitions), as a former sign-up could leave them.
    await sys.db.query(`INSERT INTO user_competitions (user_id, competition_code) VALUES ($1, $3), ($2, $3), ($2, $4)`, [cupOnly.id, both.id, WC, LG]);
    for (const fan of [cupOnly, both, none]) {
      await verifyOtp(sys, fan.email, await sys.smtp.waitForCode(fan.email)).expect(200);
    }
    expect(await automaticOf(cupOnly.id)).toEqual([`${WC}:global`]);
    expect(await automaticOf(both.id)).toEqual([`${LG}:global`, `${WC}:global`]);
    // The home competition: the older of the two seasons; the fan plays it from now on.
    expect(await automaticOf(none.id)).toEqual([`${LG}:global`]);
    expect(await playedBy(none.id)).toEqual([LG]);
  });

  it("starts a fan playing in the competition's global, country and team's league; a tournament's team moves until its first kick-off", async () => {
    const [fan] = await fans(1, 'alpcplay');
    const club = eng.clubIds[5];
    // Onboarding with no competition recorded: the home competition's leagues, as with one competition.
    await choose(fan, eng, club);
    expect(await automaticOf(fan.id)).toEqual(sorted([`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${club}`]));

    // The tournament: its global and country leagues; no fans league before a national team is chosen.
    await play(fan, WC);
    const homeLeagues = [`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${club}`];
    const cupLeagues = [`${WC}:global`, `${WC}:country:${eng.countryId}`];
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues]));

    await play(fan, WC, { team_id: wc.nations[0] });
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues, `${WC}:club:${wc.nations[0]}`]));
    // Another national team before the first kick-off: its league instead, the other left (member.left, as a club change).
    await play(fan, WC, { team_id: wc.nations[1] });
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues, `${WC}:club:${wc.nations[1]}`]));
    const [{ id: firstTeamLeague }] = await sys.db.query(`SELECT id FROM leagues WHERE competition_code = $1 AND type = 'club' AND club_id = $2`, [WC, wc.nations[0]]);
    const left = await sys.db.query(
      `SELECT payload->>'via' AS via FROM outbox_events WHERE name = 'member.left' AND (payload->>'userId')::int = $1 AND (payload->>'leagueId')::int = $2`,
      [fan.id, firstTeamLeague],
    );
    expect(left).toEqual([{ via: 'preferences' }]);
    // No team: no fans league in the tournament.
    await play(fan, WC, { team_id: null });
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues]));

    // In a league competition the team chosen there wins over the club, and clearing it falls back to the club.
    await play(fan, LG, { team_id: lg.clubs[0] });
    const withTeam = [`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${lg.clubs[0]}`];
    expect(await automaticOf(fan.id)).toEqual(sorted([...withTeam, ...cupLeagues]));
    await play(fan, LG, { team_id: null });
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues]));

    // Stopping keeps the leagues (joining one of them plays it again).
    await play(fan, WC, { team_id: wc.nations[2] });
    await sys.http.delete(`/api/competitions/${WC}/play/`).set(fan.auth).expect(200);
    expect(await playedBy(fan.id)).toEqual([LG]);
    expect(await automaticOf(fan.id)).toEqual(sorted([...homeLeagues, ...cupLeagues, `${WC}:club:${wc.nations[2]}`]));
  });

  it('refuses a team change after the first kick-off, and the fan stays in the team\'s league', async () => {
    const [fan] = await fans(1, 'alpclock');
    await play(fan, WC, { team_id: wc.nations[3] });
    const [first] = await sys.db.query(`SELECT id, starts_at FROM gameweeks WHERE season_id = $1 AND number = 1`, [wc.seasonId]);
    await sys.db.query(`UPDATE gameweeks SET starts_at = now() - interval '1 hour' WHERE id = $1`, [first.id]);
    try {
      await sys.http.put(`/api/competitions/${WC}/play/`).set(fan.auth).send({ team_id: wc.nations[0] }).expect(409);
    } finally {
      await sys.db.query(`UPDATE gameweeks SET starts_at = $2 WHERE id = $1`, [first.id, first.starts_at]);
    }
    expect(await automaticOf(fan.id)).toEqual([`${WC}:club:${wc.nations[3]}`, `${WC}:global`]);
  });

  it('moves the country league of every competition played on a country or club change, and the club league where the team falls back to the club', async () => {
    const [clubFan, teamFan] = await fans(2, 'alpcmove');
    await play(clubFan, LG);
    await play(clubFan, WC, { team_id: wc.nations[0] });
    await play(teamFan, LG, { team_id: lg.clubs[1] });
    await play(teamFan, WC);

    await choose(clubFan, eng, eng.clubIds[6]);
    expect(await automaticOf(clubFan.id)).toEqual(
      sorted([`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${eng.clubIds[6]}`, `${WC}:global`, `${WC}:country:${eng.countryId}`, `${WC}:club:${wc.nations[0]}`]),
    );
    await choose(clubFan, esp, esp.clubIds[0]);
    expect(await automaticOf(clubFan.id)).toEqual(
      sorted([`${LG}:global`, `${LG}:country:${esp.countryId}`, `${LG}:club:${esp.clubIds[0]}`, `${WC}:global`, `${WC}:country:${esp.countryId}`, `${WC}:club:${wc.nations[0]}`]),
    );

    // A team chosen in the league competition keeps its league whatever the club; the tournament has no club league.
    await choose(teamFan, eng, eng.clubIds[6]);
    await choose(teamFan, esp, esp.clubIds[0]);
    expect(await automaticOf(teamFan.id)).toEqual(
      sorted([`${LG}:global`, `${LG}:country:${esp.countryId}`, `${LG}:club:${lg.clubs[1]}`, `${WC}:global`, `${WC}:country:${esp.countryId}`]),
    );
    expect(await playedBy(teamFan.id)).toEqual([LG, WC]);
  });

  it("joins the automatic leagues of another competition's league on joining it, by a public join or an approval", async () => {
    const [owner, publicJoiner, requester, cupFan] = await fans(4, 'alpcjoin');
    await choose(publicJoiner, eng, eng.clubIds[7]);
    await choose(requester, esp, esp.clubIds[1]);
    // Plays the tournament only (their choice before onboarding): onboarding moves only its leagues.
    await play(cupFan, WC);
    await choose(cupFan, eng, eng.clubIds[7]);
    expect(await automaticOf(cupFan.id)).toEqual(sorted([`${WC}:global`, `${WC}:country:${eng.countryId}`]));

    const create = async (name: string, type: 'public' | 'private', competition: string): Promise<League> =>
      (await sys.http.post('/api/leagues/').set(owner.auth).send({ name, type, competition }).expect(201)).body.data;
    const cupPublic = await create('Auto cup public', 'public', WC);
    const cupPrivate = await create('Auto cup private', 'private', WC);
    const leaguePublic = await create('Auto league public', 'public', LG);

    await sys.http.post('/api/leagues/join/').set(publicJoiner.auth).send({ type: 'public', league_id: cupPublic.id }).expect(200);
    expect(await playedBy(publicJoiner.id)).toEqual([LG, WC]);
    expect(await automaticOf(publicJoiner.id)).toEqual(
      sorted([`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${eng.clubIds[7]}`, `${WC}:global`, `${WC}:country:${eng.countryId}`]),
    );

    // A request is not a membership: the leagues come with the approval.
    await sys.http.post('/api/leagues/join/').set(requester.auth).send({ type: 'private', code: cupPrivate.code }).expect(200);
    expect((await automaticOf(requester.id)).filter((k) => k.startsWith(WC))).toEqual([]);
    await sys.http.post(`/api/leagues/${cupPrivate.id}/approve-request/${requester.id}/`).set(owner.auth).expect(200);
    expect((await automaticOf(requester.id)).filter((k) => k.startsWith(WC))).toEqual([`${WC}:country:${esp.countryId}`, `${WC}:global`]);
    expect(await playedBy(requester.id)).toEqual([LG, WC]);

    // A league competition's: its club league too (the team falling back to the club).
    await sys.http.post('/api/leagues/join/').set(cupFan.auth).send({ type: 'public', league_id: leaguePublic.id }).expect(200);
    expect((await automaticOf(cupFan.id)).filter((k) => k.startsWith(LG))).toEqual(
      sorted([`${LG}:global`, `${LG}:country:${eng.countryId}`, `${LG}:club:${eng.clubIds[7]}`]),
    );
    // A refused join (already a member) leaves nothing behind.
    const [stranger] = await fans(1, 'alpcstranger');
    await sys.http.post('/api/leagues/join/').set(stranger.auth).send({ type: 'public', league_id: leaguePublic.id }).expect(200);
    await sys.http.post('/api/leagues/join/').set(stranger.auth).send({ type: 'public', league_id: leaguePublic.id }).expect(409);
    expect(await automaticOf(stranger.id)).toEqual([`${LG}:global`]);
  });

  it('names the competition of every League it answers', async () => {
    const [owner] = await fans(1, 'alpcpayload');
    await choose(owner, eng, eng.clubIds[8]);
    await play(owner, WC);
    const cup: League = (await sys.http.post('/api/leagues/').set(owner.auth).send({ name: 'Auto payload cup', type: 'private', competition: WC }).expect(201))
      .body.data;
    expect(cup.competition).toEqual({ code: WC, name: WC_NAME, kind: 'tournament' });
    const detail: League = (await sys.http.get(`/api/leagues/${cup.id}/`).set(owner.auth).expect(200)).body.data;
    expect(detail.competition).toEqual({ code: WC, name: WC_NAME, kind: 'tournament' });

    const hub: LeaguesOverview = (await sys.http.get('/api/leagues/overview/').set(owner.auth).expect(200)).body.data;
    // The hub's automatic leagues are the fan's current (first played) competition's.
    expect(hub.global_league.league?.competition).toEqual({ code: LG, name: LG_NAME, kind: 'league' });
    expect(hub.club_league.league?.competition.code).toBe(LG);
    expect(hub.private_leagues.leagues.map((e) => [e.league.id, e.league.competition.code])).toEqual([[cup.id, WC]]);
    const cupHub: LeaguesOverview = (await sys.http.get('/api/leagues/overview/').query({ competition: WC }).set(owner.auth).expect(200)).body.data;
    expect(cupHub.global_league.league?.competition).toEqual({ code: WC, name: WC_NAME, kind: 'tournament' });
    // Their names say so too: wherever a league is named on its own, the fan's two England Leagues never read alike.
    expect(hub.global_league.league?.name).toBe(`Global League · ${LG_NAME}`);
    expect(hub.country_league.league?.name).toBe(`England League · ${LG_NAME}`);
    expect(hub.club_league.league?.name).toBe(`${await clubName(eng.clubIds[8])} Fans · ${LG_NAME}`);
    expect(cupHub.global_league.league?.name).toBe(`Global League · ${WC_NAME}`);
    expect(cupHub.country_league.league?.name).toBe(`England League · ${WC_NAME}`);
  });

  it('names the calendar events\' competition for a fan playing two, and not for a fan playing one', async () => {
    const [two, one] = await fans(2, 'alpccal');
    await play(two, LG, { team_id: lg.clubs[0] });
    await play(two, WC, { team_id: wc.nations[0] });
    await play(one, WC, { team_id: wc.nations[0] });
    const feedOf = async (fan: FastUser): Promise<string[]> => {
      const settings: CalendarFeedSettings = (await sys.http.put('/api/calendar/feed/').set(fan.auth).send({ include_club_kickoffs: true }).expect(200)).body.data;
      const text = (await sys.http.get(new URL(settings.url).pathname).expect(200)).text;
      // Unfolded lines (RFC 5545 §3.1), the summaries only.
      return text
        .replace(/\r\n[ \t]/g, '')
        .split('\r\n')
        .filter((l) => l.startsWith('SUMMARY:'))
        .map((l) => l.slice('SUMMARY:'.length).replace(/\\,/g, ','));
    };
    // Every event of either competition names it (the order within an instant is the UIDs', not checked here).
    expect(sorted(await feedOf(two))).toEqual(
      sorted([
        `${LG_NAME} · Gameweek 1: predictions close`,
        `${LG_NAME} · ${await clubName(lg.clubs[0])} v ${await clubName(lg.clubs[1])}`,
        `${WC_NAME} · Gameweek 1: predictions close`,
        `${WC_NAME} · Autoland v Autovia`,
        `${WC_NAME} · Gameweek 2: predictions close`,
        `${WC_NAME} · Autoland v Autonia`,
      ]),
    );
    expect(sorted(await feedOf(one))).toEqual(sorted(['Gameweek 1: predictions close', 'Autoland v Autovia', 'Gameweek 2: predictions close', 'Autoland v Autonia']));
  });

  it("names the fixture's competition and season in fixture.updated", async () => {
    const [watcher] = await fans(1, 'alpclive');
    const socket = await connectLive(sys.baseUrl, watcher.token);
    try {
      await sys.http
        .put(`/api/admin/fixtures/${wc.laterFixture}/result`)
        .set(admin.auth)
        .send({ home_score: 1, away_score: 0, status: 'live', minute: 12 })
        .expect(200);
      const update = await socket.waitFor('fixture.updated', (p) => p.fixtureId === wc.laterFixture);
      expect(update).toMatchObject({ fixtureId: wc.laterFixture, seasonId: wc.seasonId, competition: WC, status: 'live', homeScore: 1, minute: 12 });
    } finally {
      socket.close();
    }
  });
});
