import { describe, expect, it } from 'vitest';
import {
  buildCreateLeagueBody,
  buildJoinLeagueBody,
  INVITE_CODE_REQUIRED,
  LEAGUE_ID_REQUIRED,
  LEAGUE_NAME_REQUIRED,
  MAX_MEMBERS_RANGE,
  normalizeInviteCode,
} from './league-forms';

const base = { name: 'Office', description: '', type: 'private' as const, maxMembers: '' };

describe('buildCreateLeagueBody', () => {
  it('needs a name', () => {
    expect(buildCreateLeagueBody({ ...base, name: '   ' })).toEqual({ ok: false, error: LEAGUE_NAME_REQUIRED });
  });

  it('sends max members only for a private league and only when filled', () => {
    expect(buildCreateLeagueBody(base)).toEqual({ ok: true, body: { name: 'Office', type: 'private', description: '' } });
    expect(buildCreateLeagueBody({ ...base, maxMembers: '25' })).toEqual({
      ok: true,
      body: { name: 'Office', type: 'private', description: '', max_members: 25 },
    });
    expect(buildCreateLeagueBody({ ...base, type: 'public', maxMembers: '25' })).toEqual({
      ok: true,
      body: { name: 'Office', type: 'public', description: '' },
    });
  });

  it('accepts 2 to 1000 only', () => {
    for (const bad of ['1', '1001', '0', '2.5', 'ten', '-3']) {
      expect(buildCreateLeagueBody({ ...base, maxMembers: bad })).toEqual({ ok: false, error: MAX_MEMBERS_RANGE });
    }
    expect(buildCreateLeagueBody({ ...base, maxMembers: '2' }).ok).toBe(true);
    expect(buildCreateLeagueBody({ ...base, maxMembers: '1000' }).ok).toBe(true);
  });
});

describe('buildJoinLeagueBody', () => {
  const join = { type: 'private' as const, code: '', message: '', leagueId: '' };

  it('needs an invite code for a private league, trimmed and upper-cased', () => {
    expect(buildJoinLeagueBody(join)).toEqual({ ok: false, error: INVITE_CODE_REQUIRED });
    expect(buildJoinLeagueBody({ ...join, code: '  ab12cd34 ', message: '  hi ' })).toEqual({
      ok: true,
      body: { type: 'private', code: 'AB12CD34', message: 'hi' },
    });
    expect(buildJoinLeagueBody({ ...join, code: 'abc' })).toEqual({ ok: true, body: { type: 'private', code: 'ABC' } });
  });

  it('needs a numeric league ID for a public league', () => {
    for (const bad of ['', 'abc', '12a', '0']) {
      expect(buildJoinLeagueBody({ ...join, type: 'public', leagueId: bad })).toEqual({ ok: false, error: LEAGUE_ID_REQUIRED });
    }
    expect(buildJoinLeagueBody({ ...join, type: 'public', leagueId: ' 42 ' })).toEqual({ ok: true, body: { type: 'public', league_id: 42 } });
  });

  it('keeps the code input upper case, without spaces, at most 8 characters', () => {
    expect(normalizeInviteCode(' ab 12cd34xyz')).toBe('AB12CD34');
  });
});
