import type { CompetitionRow } from './competitions.queries';
import { toCompetition } from './competition';

const row = (overrides: Partial<CompetitionRow> = {}): CompetitionRow => ({
  code: 'fifa.wc',
  name: 'World Cup',
  season_id: 7,
  season_name: 'World Cup 2026',
  is_tournament: true,
  first_kickoff: new Date('2026-06-11T19:00:00Z'),
  playing: true,
  team_id: 41,
  team_name: 'Brazil',
  team_logo: null,
  now: new Date('2026-06-01T12:00:00Z'),
  ...overrides,
});

describe('toCompetition: a competition as the caller sees it', () => {
  it('names its kind, season, first kick-off and the fan\'s team', () => {
    expect(toCompetition(row())).toEqual({
      code: 'fifa.wc',
      name: 'World Cup',
      kind: 'tournament',
      season: { id: 7, name: 'World Cup 2026' },
      first_kickoff: '2026-06-11T19:00:00.000Z',
      playing: true,
      team: { id: 41, name: 'Brazil', logo: null },
      team_locked: false,
    });
    expect(toCompetition(row({ is_tournament: false, team_id: null, playing: false }))).toMatchObject({ kind: 'league', team: null, playing: false });
  });

  it('locks the team from the first kick-off on, by the database clock', () => {
    expect(toCompetition(row({ now: new Date('2026-06-11T18:59:59Z') })).team_locked).toBe(false);
    expect(toCompetition(row({ now: new Date('2026-06-11T19:00:00Z') })).team_locked).toBe(true);
  });

  it('lets a fan who has no team yet pick one after the first kick-off (the change is what locks)', () => {
    expect(toCompetition(row({ team_id: null, now: new Date('2026-07-01T12:00:00Z') })).team_locked).toBe(false);
  });

  it('never locks a season whose fixtures are not known yet', () => {
    expect(toCompetition(row({ first_kickoff: null, now: new Date('2099-01-01T00:00:00Z') }))).toMatchObject({ first_kickoff: null, team_locked: false });
  });
});
