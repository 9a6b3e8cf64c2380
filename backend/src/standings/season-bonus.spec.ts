import { seasonBonusJoins, seasonBonusMovedAt, seasonBonusOf, withSeasonBonus } from './season-bonus.shared-sql';
import { tableOrder, totalsOf } from './table-ranking.shared-sql';

describe('bonus points in a season table (SQL)', () => {
  it("joins the member's competition points of the season and the league's own questions' points", () => {
    const joins = seasonBonusJoins({ alias: 'bn', user: 'm.user_id', league: '$1', season: '$2' });
    expect(joins).toContain('LEFT JOIN bonus_points bn_c ON bn_c.season_id = $2 AND bn_c.user_id = m.user_id');
    expect(joins).toContain('LEFT JOIN league_question_points bn_l ON bn_l.league_id = $1 AND bn_l.season_id = $2 AND bn_l.user_id = m.user_id');
    expect(seasonBonusOf('bn')).toBe('(coalesce(bn_c.points, 0) + coalesce(bn_l.points, 0))');
    expect(seasonBonusMovedAt('bn')).toBe('greatest(bn_c.updated_at, bn_l.updated_at)');
  });

  it('adds them to the points only, so ranks follow the one table rule', () => {
    const figures = withSeasonBonus(totalsOf('t'), 'bn');
    expect(figures('points')).toBe('(coalesce(t.points, 0) + (coalesce(bn_c.points, 0) + coalesce(bn_l.points, 0)))');
    expect(figures('exact')).toBe('coalesce(t.exact, 0)');
    expect(figures('correct')).toBe('coalesce(t.correct, 0)');
    expect(tableOrder(figures)).toBe(
      '(coalesce(t.points, 0) + (coalesce(bn_c.points, 0) + coalesce(bn_l.points, 0))) DESC, coalesce(t.exact, 0) DESC, coalesce(t.correct, 0) DESC',
    );
  });
});
