import { describe, expect, it } from 'vitest';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { checkResultDraft, draftOf, type ResultDraft } from './result-draft';

const EMPTY: ResultDraft = {
  home: '',
  away: '',
  status: 'finished',
  minute: '',
  extraTime: false,
  extraHome: '',
  extraAway: '',
  penalties: false,
  penaltiesHome: '',
  penaltiesAway: '',
};

const draft = (over: Partial<ResultDraft>): ResultDraft => ({ ...EMPTY, ...over });

describe('checkResultDraft', () => {
  it('sends a final score, clearing extra time and penalties', () => {
    expect(checkResultDraft(draft({ home: ' 2', away: '0 ' }))).toEqual({
      ok: true,
      body: { home_score: 2, away_score: 0, status: 'finished', extra_time: null, penalties: null },
    });
  });

  it('sends a live score with its minute, and without one when left empty', () => {
    expect(checkResultDraft(draft({ home: '1', away: '1', status: 'live', minute: '67' }))).toMatchObject({ ok: true, body: { status: 'live', minute: 67 } });
    const noMinute = checkResultDraft(draft({ home: '1', away: '1', status: 'live' }));
    expect(noMinute.ok && 'minute' in noMinute.body).toBe(false);
    // A minute typed and then switched to finished is not sent.
    const finished = checkResultDraft(draft({ home: '1', away: '1', status: 'finished', minute: '90' }));
    expect(finished.ok && 'minute' in finished.body).toBe(false);
  });

  it('refuses goals that are missing, negative, fractional or above 99, and a minute outside 1–130', () => {
    expect(checkResultDraft(draft({ home: '', away: '-1' }))).toEqual({ ok: false, errors: { home_score: 'goals', away_score: 'goals' } });
    expect(checkResultDraft(draft({ home: '1.5', away: '100' }))).toEqual({ ok: false, errors: { home_score: 'goals', away_score: 'goals' } });
    expect(checkResultDraft(draft({ home: '1', away: '0', status: 'live', minute: '0' }))).toEqual({ ok: false, errors: { minute: 'minute' } });
    expect(checkResultDraft(draft({ home: '1', away: '0', status: 'live', minute: '131' }))).toEqual({ ok: false, errors: { minute: 'minute' } });
  });

  it('sends a knockout decided on penalties after extra time', () => {
    expect(
      checkResultDraft(draft({ home: '1', away: '1', extraTime: true, extraHome: '2', extraAway: '2', penalties: true, penaltiesHome: '4', penaltiesAway: '3' })),
    ).toEqual({
      ok: true,
      body: { home_score: 1, away_score: 1, status: 'finished', extra_time: { home: 2, away: 2 }, penalties: { home: 4, away: 3 } },
    });
  });

  it('refuses extra time below the 90-minute score, penalties without extra time and a drawn shoot-out', () => {
    expect(checkResultDraft(draft({ home: '1', away: '1', extraTime: true, extraHome: '0', extraAway: '1' }))).toEqual({ ok: false, errors: { extra_time: 'extraTimeBelow' } });
    expect(checkResultDraft(draft({ home: '1', away: '1', extraTime: true, extraHome: '', extraAway: '1' }))).toEqual({ ok: false, errors: { extra_time: 'extraTimeGoals' } });
    expect(checkResultDraft(draft({ home: '1', away: '1', penalties: true, penaltiesHome: '4', penaltiesAway: '3' }))).toEqual({
      ok: false,
      errors: { penalties: 'penaltiesWithoutExtraTime' },
    });
    expect(
      checkResultDraft(draft({ home: '1', away: '1', extraTime: true, extraHome: '1', extraAway: '1', penalties: true, penaltiesHome: '5', penaltiesAway: '5' })),
    ).toEqual({ ok: false, errors: { penalties: 'penaltiesDrawn' } });
  });
});

describe('draftOf', () => {
  const fixture = {
    id: 1,
    season_id: 1,
    gameweek_id: 1,
    gameweek: 1,
    external_key: null,
    home_team: 'A',
    away_team: 'B',
    match_time: '2025-01-18T15:00:00Z',
    kickoff_confirmed: true,
    status: 'scheduled',
    home_score: null,
    away_score: null,
    minute: null,
    awarded: false,
    extra_time: null,
    penalties: null,
    updated_at: '2025-01-18T15:00:00Z',
  } satisfies AdminFixture;

  it('starts a match without a score empty and as finished, and a live one as it stands', () => {
    expect(draftOf(fixture)).toEqual(EMPTY);
    expect(draftOf({ ...fixture, status: 'live', home_score: 1, away_score: 0, minute: 55 })).toMatchObject({ home: '1', away: '0', status: 'live', minute: '55' });
    expect(draftOf({ ...fixture, status: 'finished', home_score: 1, away_score: 1, extra_time: { home: 2, away: 1 }, penalties: null })).toMatchObject({
      extraTime: true,
      extraHome: '2',
      extraAway: '1',
      penalties: false,
    });
  });
});
