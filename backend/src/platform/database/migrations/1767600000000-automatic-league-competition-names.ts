import { MigrationInterface, QueryRunner } from 'typeorm';

/** The leagues made by the app on its own: one of each per competition (issue 34). */
const AUTOMATIC = `l.type IN ('global', 'country', 'club')`;
/** What an automatic league's name ends with: its competition (" · World Cup"). */
const SUFFIX = `(' · ' || c.name)`;
const ENDS_WITH_SUFFIX = `right(l.name, length${SUFFIX}) = ${SUFFIX}`;

/**
 * An automatic league's name names its competition (issue 34): a fan playing the Premier League
 * and the World Cup is in two country leagues, two global leagues and a club's and a national
 * team's fans league, and a league is named on its own in many places (notifications, activity,
 * push texts, invites, the league page). "England League" becomes "England League · English
 * Premier League" and "England League · World Cup", as leagues/automatic-membership.queries.ts
 * now names the new ones; cut to the column's 100 characters. A name that already ends so is
 * left alone. Down drops the ending again (a name cut short keeps its cut ending).
 */
export class AutomaticLeagueCompetitionNames1767600000000 implements MigrationInterface {
  name = 'AutomaticLeagueCompetitionNames1767600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE leagues l SET name = left(l.name || ${SUFFIX}, 100)
      FROM competitions c
      WHERE c.code = l.competition_code AND ${AUTOMATIC} AND NOT ${ENDS_WITH_SUFFIX}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE leagues l SET name = left(l.name, length(l.name) - length${SUFFIX})
      FROM competitions c
      WHERE c.code = l.competition_code AND ${AUTOMATIC} AND ${ENDS_WITH_SUFFIX} AND length(l.name) > length${SUFFIX}`);
  }
}
