import { describeProviderMatch, describeProviderTeam, matchFixture, matchTeam, normalizeTeamName, type SeasonFixture, type SeasonTeam } from './feed-matching';
import type { ProviderTeam } from './provider';

const team = (id: number, name: string, extra: Partial<SeasonTeam> = {}): SeasonTeam => ({ id, name, short_name: null, alternate_names: [], code: null, ...extra });
const provider = (id: number, name: string | null, shortName: string | null = null, tla: string | null = null): ProviderTeam & { id: number } => ({
  id,
  name,
  shortName,
  tla,
});

describe('normalizeTeamName', () => {
  it('ignores case, accents, punctuation and the words that only say "football club"', () => {
    expect(normalizeTeamName('A.F.C. Bournemouth')).toBe('bournemouth');
    expect(normalizeTeamName('AFC Bournemouth')).toBe('bournemouth');
    expect(normalizeTeamName('Arsenal FC')).toBe('arsenal');
    expect(normalizeTeamName('Club Atlético de Madrid')).toBe('club atletico de madrid');
    expect(normalizeTeamName('Brighton & Hove Albion FC')).toBe('brighton hove albion');
    expect(normalizeTeamName('FK Bodø/Glimt')).toBe('fk bodo glimt');
    expect(normalizeTeamName('Côte d’Ivoire')).toBe('cote divoire');
    expect(normalizeTeamName('  CF  ')).toBe('');
    expect(normalizeTeamName('SC Freiburg')).toBe('freiburg');
    expect(normalizeTeamName('Fcb')).toBe('fcb');
  });
});

describe('matchTeam', () => {
  const season = [
    team(1, 'Arsenal FC', { short_name: 'Arsenal', alternate_names: ['The Arsenal FC'] }),
    team(2, 'Manchester United FC', { short_name: 'Man United' }),
    team(3, 'Manchester City FC', { short_name: 'Man City' }),
    team(4, 'South Korea', { code: 'KOR' }),
    team(5, 'Newcastle United FC', { short_name: 'Newcastle' }),
    team(6, 'Newcastle Jets', { short_name: 'Newcastle' }),
  ];

  it('takes a stored link over any name', () => {
    expect(matchTeam(provider(99, 'Arsenal FC'), 3, season, new Set())).toEqual({ kind: 'linked', clubId: 3 });
  });

  it('matches the one team whose name, short name, alternate name or code equals one of the provider names', () => {
    expect(matchTeam(provider(57, 'Arsenal FC', 'Arsenal', 'ARS'), null, season, new Set())).toEqual({ kind: 'matched', clubId: 1 });
    expect(matchTeam(provider(66, 'Manchester United', 'Man United', 'MUN'), null, season, new Set())).toEqual({ kind: 'matched', clubId: 2 });
    expect(matchTeam(provider(772, 'Korea Republic', 'Korea Rep', 'KOR'), null, season, new Set())).toEqual({ kind: 'matched', clubId: 4 });
    expect(matchTeam(provider(58, 'arsenal', null, null), null, season, new Set())).toEqual({ kind: 'matched', clubId: 1 });
  });

  it('leaves a team unmatched when no team or several teams fit, never guessing', () => {
    expect(matchTeam(provider(1, 'Korea Republic', 'Korea Rep', 'KRX'), null, season, new Set())).toEqual({
      kind: 'unmatched',
      reason: 'no team of the season has its name, short name or code',
    });
    expect(matchTeam(provider(2, 'Newcastle', null, 'NEW'), null, season, new Set())).toEqual({
      kind: 'unmatched',
      reason: 'several teams of the season could be it (Newcastle United FC, Newcastle Jets)',
    });
    expect(matchTeam(provider(3, null, null, null), null, season, new Set())).toEqual({ kind: 'unmatched', reason: 'the provider gives it no name' });
  });

  it('does not take a club already linked to another provider team', () => {
    expect(matchTeam(provider(57, 'Arsenal FC'), null, season, new Set([1]))).toMatchObject({ kind: 'unmatched' });
    // The other candidate being linked leaves one: matched.
    expect(matchTeam(provider(2, 'Newcastle'), null, season, new Set([6]))).toEqual({ kind: 'matched', clubId: 5 });
  });

  it('describes teams and matches as the console lists them', () => {
    expect(describeProviderTeam(provider(772, 'Korea Republic', 'Korea Rep', 'KOR'))).toBe('Korea Republic (KOR)');
    expect(describeProviderTeam(provider(7, null, null, null))).toBe('team 7');
    const match = { home: provider(772, 'Korea Republic'), away: provider(798, 'Czechia'), kickoffAt: new Date('2026-06-12T02:00:00Z') };
    expect(describeProviderMatch(match)).toBe('Korea Republic v Czechia, 2026-06-12T02:00:00Z');
    expect(describeProviderMatch({ ...match, home: { id: null, name: null, shortName: null, tla: null } })).toBe('to be decided v Czechia, 2026-06-12T02:00:00Z');
  });
});

describe('matchFixture', () => {
  const at = (iso: string) => new Date(iso);
  const fixture = (id: number, home: number | null, away: number | null, kickoff: string, linked = false): SeasonFixture => ({
    id,
    home_club_id: home,
    away_club_id: away,
    kickoff_at: at(kickoff),
    linked,
  });
  const fixtures = [
    fixture(10, 1, 2, '2026-01-10T15:00:00Z'),
    fixture(11, 2, 1, '2026-03-10T15:00:00Z'),
    fixture(20, null, null, '2026-07-01T19:00:00Z'),
    fixture(21, null, null, '2026-07-02T19:00:00Z'),
    fixture(22, 5, null, '2026-07-03T19:00:00Z'),
    fixture(23, null, null, '2026-07-04T19:00:00Z'),
    fixture(24, null, null, '2026-07-04T19:00:00Z'),
  ];

  it('takes the stored link first', () => {
    expect(matchFixture({ kickoffAt: at('2030-01-01T00:00:00Z') }, { home: 7, away: 8 }, 99, fixtures)).toEqual({ kind: 'linked', fixtureId: 99 });
  });

  it('matches the same home and away clubs within 36 hours of the kick-off, either way', () => {
    expect(matchFixture({ kickoffAt: at('2026-01-10T15:00:00Z') }, { home: 1, away: 2 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 10 });
    expect(matchFixture({ kickoffAt: at('2026-01-12T03:00:00Z') }, { home: 1, away: 2 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 10 });
    expect(matchFixture({ kickoffAt: at('2026-01-09T03:00:00Z') }, { home: 1, away: 2 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 10 });
    expect(matchFixture({ kickoffAt: at('2026-01-12T03:00:01Z') }, { home: 1, away: 2 }, null, fixtures)).toMatchObject({ kind: 'unmatched' });
    // Home and away swapped is the other fixture.
    expect(matchFixture({ kickoffAt: at('2026-03-10T16:00:00Z') }, { home: 2, away: 1 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 11 });
    expect(matchFixture({ kickoffAt: at('2026-01-10T15:00:00Z') }, { home: 2, away: 1 }, null, fixtures)).toMatchObject({ kind: 'unmatched' });
  });

  it('never matches a fixture already linked to another provider match, nor one of two', () => {
    const linked = [fixture(10, 1, 2, '2026-01-10T15:00:00Z', true)];
    expect(matchFixture({ kickoffAt: at('2026-01-10T15:00:00Z') }, { home: 1, away: 2 }, null, linked)).toMatchObject({ kind: 'unmatched' });
    const twice = [fixture(10, 1, 2, '2026-01-10T15:00:00Z'), fixture(12, 1, 2, '2026-01-11T15:00:00Z')];
    expect(matchFixture({ kickoffAt: at('2026-01-10T20:00:00Z') }, { home: 1, away: 2 }, null, twice)).toEqual({
      kind: 'unmatched',
      reason: '2 fixtures of the season have these teams within 36 hours',
    });
  });

  it('matches a knockout slot by its exact kick-off while its sides are placeholders', () => {
    expect(matchFixture({ kickoffAt: at('2026-07-01T19:00:00Z') }, { home: null, away: null }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 20 });
    // The provider already knows the teams, ours are still placeholders.
    expect(matchFixture({ kickoffAt: at('2026-07-02T19:00:00Z') }, { home: 3, away: 4 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 21 });
    // A side known on both ends must agree.
    expect(matchFixture({ kickoffAt: at('2026-07-03T19:00:00Z') }, { home: 5, away: 6 }, null, fixtures)).toEqual({ kind: 'matched', fixtureId: 22 });
    expect(matchFixture({ kickoffAt: at('2026-07-03T19:00:00Z') }, { home: 6, away: 5 }, null, fixtures)).toMatchObject({ kind: 'unmatched' });
    // A minute off is not that slot.
    expect(matchFixture({ kickoffAt: at('2026-07-01T19:01:00Z') }, { home: null, away: null }, null, fixtures)).toMatchObject({ kind: 'unmatched' });
    // Two slots at the same moment: not guessed.
    expect(matchFixture({ kickoffAt: at('2026-07-04T19:00:00Z') }, { home: null, away: null }, null, fixtures)).toEqual({
      kind: 'unmatched',
      reason: '2 fixtures still waiting for their teams kick off at that moment',
    });
  });

  it('does not take a fixture whose teams are both known for a match the provider has no teams for', () => {
    expect(matchFixture({ kickoffAt: at('2026-01-10T15:00:00Z') }, { home: null, away: null }, null, fixtures)).toMatchObject({ kind: 'unmatched' });
  });
});
