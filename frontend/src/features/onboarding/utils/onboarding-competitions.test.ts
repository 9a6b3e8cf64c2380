import { describe, expect, it } from 'vitest';
import type { Competition } from '@scoreline/contracts/api/competitions';
import { suggestedCompetitions, teamsToSave } from './onboarding-competitions';

const competition = (code: string, over: Partial<Competition> = {}): Competition => ({
  code,
  name: code,
  kind: code === 'fifa.wc' ? 'tournament' : 'league',
  season: { id: 1, name: code },
  first_kickoff: null,
  playing: false,
  team: null,
  team_locked: false,
  ...over,
});

describe('onboarding competitions', () => {
  it("suggests the club's league and keeps what the fan plays already", () => {
    const list = [competition('en.1'), competition('es.1'), competition('fifa.wc', { playing: true })];
    expect(suggestedCompetitions(list, 'en.1')).toEqual(['en.1', 'fifa.wc']);
    expect(suggestedCompetitions(list, 'it.1')).toEqual(['fifa.wc']);
    expect(suggestedCompetitions(list, undefined)).toEqual(['fifa.wc']);
  });

  it('saves a team only for a tournament ticked, picked, new and not locked', () => {
    const wc = competition('fifa.wc');
    expect(teamsToSave([wc, competition('en.1')], ['fifa.wc', 'en.1'], { 'fifa.wc': 55, 'en.1': 3 })).toEqual([{ code: 'fifa.wc', team_id: 55 }]);
    expect(teamsToSave([wc], [], { 'fifa.wc': 55 })).toEqual([]);
    expect(teamsToSave([wc], ['fifa.wc'], { 'fifa.wc': null })).toEqual([]);
    expect(teamsToSave([competition('fifa.wc', { team: { id: 55, name: 'Brazil', logo: null } })], ['fifa.wc'], { 'fifa.wc': 55 })).toEqual([]);
    expect(teamsToSave([competition('fifa.wc', { team_locked: true })], ['fifa.wc'], { 'fifa.wc': 55 })).toEqual([]);
  });
});
