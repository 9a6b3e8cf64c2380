import type { DataSource, EntityManager } from 'typeorm';

/**
 * The competition of a season a test writes in SQL: seasons.league_code and leagues.competition_code
 * reference competitions(code), which the imports fill but a bare INSERT INTO seasons does not.
 * Answers the code, for the leagues the test makes in it.
 */
export async function ensureCompetition(db: DataSource | EntityManager, code: string, name: string = code): Promise<string> {
  await db.query(`INSERT INTO competitions (code, name) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING`, [code, name]);
  return code;
}

/** A round of a season a test writes in SQL: its id and the moment it (and its matches) kick off. */
export interface TestRound {
  id: number;
  at: Date;
}

/**
 * An active season of a competition of the suite's own (so it sits beside any other suite's active
 * season), with three clubs a, b and c that play it, written in SQL: a round and a match at a
 * time with `round` and `fixture`; `deactivate` in afterAll leaves no active season of the suite
 * behind (suites share the run's database). `prefix` (two letters) starts the competition's code,
 * `name` names the competition, the season (with the run's tag) and the clubs.
 */
export async function insertClubSeason(db: DataSource, { prefix, name, label }: { prefix: string; name: string; label: string }) {
  const tag = Date.now().toString(36);
  const competition = await ensureCompetition(db, `${prefix}${tag}`.slice(0, 16), name);
  const [{ id: seasonId }]: { id: number }[] = await db.query(
    `INSERT INTO seasons (name, label, league_code, is_active) VALUES ($1, $2, $3, true) RETURNING id`,
    [`${name} ${tag}`, label, competition],
  );
  const [a, b, c] = (
    await db.query(
      `INSERT INTO clubs (name, short_name) SELECT $1 || ' Club ' || $2 || ' ' || i, $3 || i FROM generate_series(1, 3) AS i ORDER BY i RETURNING id`,
      [name, tag, prefix.toUpperCase()],
    )
  ).map((r: { id: number }) => r.id);
  return {
    tag,
    competition,
    seasonId,
    clubs: { a, b, c },
    round: async (number: number, at: Date): Promise<TestRound> => {
      const [{ id }]: { id: number }[] = await db.query(
        `INSERT INTO gameweeks (season_id, number, starts_at, ends_at) VALUES ($1, $2, $3, $3) RETURNING id`,
        [seasonId, number, at],
      );
      return { id, at };
    },
    /** A match of the round between two clubs, kicking off `hours` after the round. */
    fixture: async (key: string, round: TestRound, home: number, away: number, hours = 0): Promise<number> =>
      (
        await db.query(
          `INSERT INTO fixtures (season_id, gameweek_id, external_key, home_club_id, away_club_id, kickoff_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [seasonId, round.id, key, home, away, new Date(round.at.getTime() + hours * 3600_000)],
        )
      )[0].id,
    /**
     * A league of the competition with its members: the global one, or a private one (its code
     * from the tag) owned by its first member.
     */
    league: async (type: 'global' | 'private', leagueName: string, members: readonly number[]): Promise<number> => {
      const [{ id }]: { id: number }[] =
        type === 'global'
          ? await db.query(`INSERT INTO leagues (name, description, type, competition_code) VALUES ($1, '', 'global', $2) RETURNING id`, [leagueName, competition])
          : await db.query(
              `INSERT INTO leagues (name, description, type, code, owner_id, competition_code) VALUES ($1, '', 'private', $2, $3, $4) RETURNING id`,
              [leagueName, tag.slice(-8).toUpperCase(), members[0], competition],
            );
      await db.query(
        `INSERT INTO league_members (league_id, user_id, role)
         SELECT $1, u, CASE WHEN $3 AND u = ($2::int[])[1] THEN 'owner' ELSE 'member' END FROM unnest($2::int[]) AS u`,
        [id, members, type === 'private'],
      );
      return id;
    },
    /**
     * Moves a round (or every round of the season) `days` earlier with its matches: picks made
     * while it was open, it has now kicked off, as a played one has (the answers lock with it).
     */
    moveEarlier: async (days: number, round?: TestRound): Promise<void> => {
      const where = round ? 'gameweek_id = $2' : 'season_id = $2';
      await db.query(`UPDATE fixtures SET kickoff_at = kickoff_at - make_interval(days => $1) WHERE ${where}`, [days, round?.id ?? seasonId]);
      await db.query(
        `UPDATE gameweeks SET starts_at = starts_at - make_interval(days => $1), ends_at = ends_at - make_interval(days => $1) WHERE ${round ? 'id = $2' : 'season_id = $2'}`,
        [days, round?.id ?? seasonId],
      );
    },
    deactivate: async (): Promise<void> => {
      await db.query(`UPDATE seasons SET is_active = false WHERE id = $1`, [seasonId]);
    },
  };
}

export type ClubSeason = Awaited<ReturnType<typeof insertClubSeason>>;
