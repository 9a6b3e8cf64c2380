import { describe, expect, it } from 'vitest';
import { checkLeagueCode, parseSeasonFile } from './import-file';

describe('parseSeasonFile', () => {
  it('takes a football.json season with a name and matches', () => {
    expect(parseSeasonFile('{"name":"Premier League 2097/98","matches":[{"round":"Matchday 1"}]}')).toEqual({
      ok: true,
      season: { name: 'Premier League 2097/98', matches: [{ round: 'Matchday 1' }] },
      matches: 1,
    });
  });

  it('refuses nothing, text that is no JSON, and JSON that is no season', () => {
    expect(parseSeasonFile('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseSeasonFile('{"name":')).toEqual({ ok: false, problem: 'json' });
    expect(parseSeasonFile('[]')).toEqual({ ok: false, problem: 'shape' });
    expect(parseSeasonFile('{"name":"X"}')).toEqual({ ok: false, problem: 'shape' });
    expect(parseSeasonFile('{"name":"","matches":[]}')).toEqual({ ok: false, problem: 'shape' });
  });
});

describe('checkLeagueCode', () => {
  it('leaves an empty code to the server and takes an openfootball code', () => {
    expect(checkLeagueCode(' ')).toEqual({ ok: true, code: undefined });
    expect(checkLeagueCode(' en.1 ')).toEqual({ ok: true, code: 'en.1' });
  });

  it('refuses what no code can be', () => {
    expect(checkLeagueCode('EN 1')).toEqual({ ok: false });
    expect(checkLeagueCode('a'.repeat(17))).toEqual({ ok: false });
  });
});
