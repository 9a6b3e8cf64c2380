// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminFixture } from '@scoreline/contracts/api/admin';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, makeFixture, makeGameweek, signIn, stubApi, type StubHandler } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

const GAMEWEEKS = [makeGameweek(1, { status: 'completed' }), makeGameweek(2, { status: 'current' }), makeGameweek(3)];
const ARSENAL_CHELSEA = makeFixture({ id: 33, gameweek: 2 });
const KNOCKOUT = makeFixture({ id: 80, season_id: 8, gameweek: 4, home_team: 'Brazil', away_team: 'France', status: 'live', home_score: 1, away_score: 1, minute: 88 });

function matchesApi(extra: Record<string, StubHandler> = {}) {
  return stubApi({
    ...adminBase(),
    'GET /api/admin/live/': () => ({ body: { data: [KNOCKOUT] } }),
    'GET /api/seasons/gameweeks/': (url) => ({ body: { data: url.searchParams.get('competition') === 'en.1' ? GAMEWEEKS : [] } }),
    'GET /api/admin/fixtures/': (url) => ({
      body: { data: url.searchParams.get('competition') === 'en.1' && url.searchParams.get('gameweek') === '2' ? [ARSENAL_CHELSEA] : [] },
    }),
    ...extra,
  });
}

/** Opens the actions of the Arsenal v Chelsea row of gameweek 2 (the current one, chosen by default). */
async function openArsenalChelsea() {
  fireEvent.click(await screen.findByRole('button', { name: 'Manage Arsenal v Chelsea' }));
  return screen.getByRole('form', { name: 'Result' });
}

describe('operator console: matches', () => {
  it('lists the matches in play (every competition) and the current gameweek of the chosen competition', async () => {
    const fetchMock = matchesApi();
    renderApp('/console?tab=matches');
    const live = await screen.findByRole('region', { name: 'In play now' });
    expect(await within(live).findByText('Brazil v France')).toBeTruthy();
    expect(within(live).getByText(/World Cup · GW 4/)).toBeTruthy();
    expect(within(live).getByText("88'")).toBeTruthy();

    expect(await screen.findByRole('button', { name: 'Manage Arsenal v Chelsea' })).toBeTruthy();
    expect((screen.getByLabelText('Competition to manage') as HTMLSelectElement).value).toBe('en.1');
    expect((screen.getByLabelText('Gameweek') as HTMLSelectElement).value).toBe('2');
    expect(callsTo(fetchMock, 'GET', '/api/admin/fixtures/').map((c) => c.url.search)).toEqual(['?competition=en.1&gameweek=2']);

    fireEvent.change(screen.getByLabelText('Gameweek'), { target: { value: '3' } });
    expect(await screen.findByText('No fixtures in this gameweek.')).toBeTruthy();
  });

  it("names a tournament's rounds as its season does: the matches in play, the round list and the rows", async () => {
    const ROUNDS = [
      makeGameweek(1, { id: 801, name: 'Matchday 1', status: 'completed' }),
      makeGameweek(2, { id: 802, name: 'Matchday 2', status: 'completed' }),
      makeGameweek(3, { id: 803, name: 'Matchday 3', status: 'completed' }),
      makeGameweek(4, { id: 804, name: 'Round of 32', status: 'current' }),
    ];
    const SCHEDULED = makeFixture({ id: 81, season_id: 8, gameweek: 4, home_team: 'Spain', away_team: 'Japan' });
    matchesApi({
      'GET /api/seasons/gameweeks/': (url) => ({ body: { data: url.searchParams.get('competition') === 'fifa.wc' ? ROUNDS : GAMEWEEKS } }),
      'GET /api/admin/fixtures/': (url) => ({
        body: { data: url.searchParams.get('competition') === 'fifa.wc' && url.searchParams.get('gameweek') === '4' ? [KNOCKOUT, SCHEDULED] : [ARSENAL_CHELSEA] },
      }),
    });
    renderApp('/console?tab=matches');
    const live = await screen.findByRole('region', { name: 'In play now' });
    expect(await within(live).findByText(/^World Cup · Round of 32 · /)).toBeTruthy();

    fireEvent.change(await screen.findByLabelText('Competition to manage'), { target: { value: 'fifa.wc' } });
    const rounds = (await screen.findByLabelText('Gameweek')) as HTMLSelectElement;
    await waitFor(() => expect([...rounds.options].map((o) => o.textContent)).toEqual(['Matchday 1', 'Matchday 2', 'Matchday 3', 'Round of 32']));
    expect(rounds.value).toBe('4');
    const row = (await screen.findByText('Spain v Japan')).closest('div')!;
    expect(within(row).getByText(/^Round of 32 · /)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/GW ?\d/);
  });

  it("names a league's matchdays in the operator's language", async () => {
    signIn('de');
    matchesApi();
    renderApp('/console?tab=matches');
    expect(await screen.findByRole('button', { name: 'Arsenal – Chelsea verwalten' })).toBeTruthy();
    const rounds = screen.getByLabelText('Spieltag') as HTMLSelectElement;
    expect([...rounds.options].map((o) => o.textContent)).toEqual(['1. Spieltag', '2. Spieltag', '3. Spieltag']);
    expect(screen.getByText(/^ST 2 · /)).toBeTruthy();
  });

  it('checks the result before sending, then sends it and shows the server refusal under the field it names', async () => {
    const bodies: unknown[] = [];
    // The first answer waits until the test lets it go, to see the form while it is sent.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answer: () => Promise<{ status?: number; body?: unknown }> = async () => {
      await held;
      return {
        status: 400,
        body: { message: 'away_score must be a whole number from 0 to 99.', errors: { away_score: ['away_score must be a whole number from 0 to 99.'] } },
      };
    };
    matchesApi({
      'PUT /api/admin/fixtures/33/result': (_url, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return answer();
      },
    });
    renderApp('/console?tab=matches');
    const form = await openArsenalChelsea();
    // A league match: no extra time or penalties to give.
    expect(within(form).queryByLabelText('Extra time was played')).toBeNull();

    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(within(form).getAllByText('Goals are a whole number from 0 to 99.')).toHaveLength(2);
    expect(within(form).getByLabelText('Arsenal goals').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText('Arsenal goals'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Chelsea goals'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'live' } });
    fireEvent.change(within(form).getByLabelText('Minute'), { target: { value: '131' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(within(form).getByText('The minute is a whole number from 1 to 130.')).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Minute'), { target: { value: '67' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    // Disabled while sending.
    expect((await within(form).findByRole('button', { name: 'Saving…' })).hasAttribute('disabled')).toBe(true);
    expect(within(form).getByLabelText('Arsenal goals').matches(':disabled')).toBe(true);
    release();
    const refusal = await within(form).findByText('away_score must be a whole number from 0 to 99.');
    expect(within(form).getByLabelText('Chelsea goals').getAttribute('aria-describedby')).toContain(refusal.closest('p')!.id);
    expect(bodies).toEqual([{ home_score: 2, away_score: 1, status: 'live', minute: 67, extra_time: null, penalties: null }]);

    const saved: AdminFixture = { ...ARSENAL_CHELSEA, status: 'live', home_score: 2, away_score: 1, minute: 67 };
    answer = async () => ({ body: { message: 'Result recorded.', data: saved } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(await within(form).findByText('Result saved. Scoring follows.')).toBeTruthy();
    expect(within(form).queryByText('away_score must be a whole number from 0 to 99.')).toBeNull();
  });

  it("shows a refusal that names no field as the form's message (a team not known yet)", async () => {
    matchesApi({ 'PUT /api/admin/fixtures/80/result': () => ({ status: 409, body: { message: 'A team of this match is not known yet.' } }) });
    renderApp('/console?tab=matches');
    fireEvent.click(await screen.findByRole('button', { name: 'Manage Brazil v France' }));
    const form = screen.getByRole('form', { name: 'Result' });
    // A tournament's match: extra time and penalties may be given.
    fireEvent.click(within(form).getByLabelText('Extra time was played'));
    fireEvent.change(within(form).getByLabelText('Brazil after extra time'), { target: { value: '0' } });
    fireEvent.change(within(form).getByLabelText('France after extra time'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(within(form).getByText('The score after extra time counts the whole match: it cannot be below the 90-minute score.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Brazil after extra time'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(await within(form).findByText('A team of this match is not known yet.')).toBeTruthy();
  });

  it('moves a kick-off, sending the time typed in the user’s zone as an instant', async () => {
    const fetchMock = matchesApi({
      'PATCH /api/admin/fixtures/33': () => ({ body: { data: { ...ARSENAL_CHELSEA, match_time: '2097-08-17T16:30:00.000Z' } } }),
    });
    renderApp('/console?tab=matches');
    await openArsenalChelsea();
    const kickoff = screen.getByLabelText('New kick-off') as HTMLInputElement;
    expect(kickoff.value).toBe('2097-08-16T14:00');
    expect(screen.getByText('In UTC time.')).toBeTruthy();
    fireEvent.change(kickoff, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move kick-off' }));
    expect(screen.getByText('Give a date and a time.')).toBeTruthy();

    fireEvent.change(kickoff, { target: { value: '2097-08-17T16:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move kick-off' }));
    expect(await screen.findByText(/Kick-off moved/)).toBeTruthy();
    expect(callsTo(fetchMock, 'PATCH', '/api/admin/fixtures/33').map((c) => c.body)).toEqual([{ match_time: '2097-08-17T16:30:00.000Z' }]);
  });

  it('postpones a match only once confirmed', async () => {
    const fetchMock = matchesApi({ 'POST /api/admin/fixtures/33/postpone': () => ({ body: { data: { ...ARSENAL_CHELSEA, status: 'postponed' } } }) });
    renderApp('/console?tab=matches');
    await openArsenalChelsea();
    fireEvent.click(screen.getByRole('button', { name: 'Postpone / void' }));
    expect(screen.getByText('Postpone Arsenal v Chelsea? Every prediction on it becomes void.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'POST', '/api/admin/fixtures/33/postpone')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Postpone / void' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, postpone' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/admin/fixtures/33/postpone')).toHaveLength(1));
  });
});
