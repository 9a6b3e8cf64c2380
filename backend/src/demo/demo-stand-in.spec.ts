import { demoStandInArgs } from './demo-stand-in';

describe('demoStandInArgs', () => {
  const codes = { 'en.1': 'PL', 'fifa.wc': 'WC', 'de.1': 'BL1' };

  it("replays each demo competition's bundled file moved as the stored season was, with the World Cup's squads", () => {
    expect(
      demoStandInArgs(
        [
          { league_code: 'en.1', shift_ms: '8640000000' },
          { league_code: 'fifa.wc', shift_ms: -3600000 },
        ],
        codes,
        '/app',
      ),
    ).toEqual([
      '--replay',
      'PL=/app/backend/data/openfootball/2025-26/en.1.json@8640000000',
      '--replay',
      'WC=/app/backend/data/openfootball/2026/worldcup.json@-3600000',
      '--squads',
      'WC=/app/backend/data/openfootball/2026/worldcup.squads.json',
    ]);
  });

  it('leaves out a season with no bundled file or no provider code', () => {
    expect(demoStandInArgs([{ league_code: 'de.1', shift_ms: '0' }], codes, '/app')).toEqual([]);
    expect(demoStandInArgs([{ league_code: 'en.1', shift_ms: '0' }], {}, '/app')).toEqual([]);
  });
});
