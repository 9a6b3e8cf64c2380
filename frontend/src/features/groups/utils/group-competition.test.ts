import { describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { groupCompetitionOf } from './group-competition';

function competition(code: string, kind: Competition['kind'], playing: boolean): Competition {
  return {
    code,
    name: code,
    kind,
    season: { id: code.length, name: code },
    first_kickoff: null,
    playing,
    team: null,
    team_locked: false,
  };
}

describe('groupCompetitionOf', () => {
  it('takes the first tournament the fan plays, before one they do not play and before any league', () => {
    const list = [competition('en.1', 'league', true), competition('uefa.cl', 'tournament', false), competition('fifa.wc', 'tournament', true)];
    expect(groupCompetitionOf(list)?.code).toBe('fifa.wc');
  });

  it('takes the first tournament when the fan plays none', () => {
    const list = [competition('en.1', 'league', true), competition('fifa.wc', 'tournament', false), competition('uefa.cl', 'tournament', false)];
    expect(groupCompetitionOf(list)?.code).toBe('fifa.wc');
  });

  it('falls back to the league the fan plays when no tournament is being played', () => {
    const list = [competition('es.1', 'league', false), competition('en.1', 'league', true)];
    expect(groupCompetitionOf(list)?.code).toBe('en.1');
    expect(groupCompetitionOf([competition('es.1', 'league', false)])?.code).toBe('es.1');
  });

  it('takes the competition chosen in the switcher, a league included, and ignores a code no longer played', () => {
    const list = [competition('en.1', 'league', true), competition('fifa.wc', 'tournament', true)];
    expect(groupCompetitionOf(list, 'en.1')?.code).toBe('en.1');
    expect(groupCompetitionOf(list, 'fifa.wc')?.code).toBe('fifa.wc');
    expect(groupCompetitionOf(list, 'uefa.cl')?.code).toBe('fifa.wc');
  });

  it('has none when no competition is being played', () => {
    expect(groupCompetitionOf([])).toBeNull();
  });
});
