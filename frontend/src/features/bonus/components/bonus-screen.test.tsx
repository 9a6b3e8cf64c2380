// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SeasonBonus, SeasonBonusQuestion } from '@scoreline/contracts/api/bonus';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp } from '@/test/render-app';
import { stubFetch } from '@/test/stub-fetch';

const TEAMS = [
  { id: 1, name: 'Arsenal' },
  { id: 2, name: 'Chelsea' },
  { id: 3, name: 'Everton' },
  { id: 4, name: 'Fulham' },
];

function question(key: SeasonBonusQuestion['key'], over: Partial<SeasonBonusQuestion> = {}): SeasonBonusQuestion {
  return {
    key,
    answer: key === 'top_scorer' ? 'player_name' : 'team',
    points: 20,
    my_answer: null,
    right_answers: null,
    settled_by: null,
    my_points: null,
    ...over,
  };
}

function season(over: Partial<SeasonBonus> = {}): SeasonBonus {
  return {
    season_id: 7,
    season_name: 'Premier League 2097/98',
    locks_at: '2097-08-15T19:00:00.000Z',
    open: true,
    revealed: false,
    questions: [question('champion', { my_answer: 1 }), question('top_scorer'), question('bottom')],
    teams: TEAMS,
    my_points: 0,
    ...over,
  };
}

/** Signed in, dates in UTC and `language` (English unless told). */
async function signedIn(language: LanguageSetting = 'en') {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

describe('bonus questions', () => {
  it('shows the open questions with the saved answers, saves every answer, and shows field errors under their field', async () => {
    await signedIn();
    const bodies: unknown[] = [];
    let answer: () => { status?: number; body?: unknown } = () => ({
      body: {
        message: 'Bonus answers saved.',
        data: season({ questions: [question('champion', { my_answer: 2 }), question('top_scorer', { my_answer: 'Kylian Mbappé' }), question('bottom', { my_answer: 3 })] }),
      },
    });
    mockApi({
      'GET /api/bonus/current/': () => ({ body: { data: season() } }),
      'PUT /api/bonus/current/': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return answer();
      },
    });
    renderApp('/bonus');

    expect(await screen.findByRole('heading', { name: 'Bonus Questions' })).toBeTruthy();
    expect(await screen.findByText('Premier League 2097/98')).toBeTruthy();
    // The lock in the fan's zone, with the zone named.
    const lock = screen.getByText(/Answers lock at/);
    expect(lock.textContent).toMatch(/15 Aug.*19:00 · UTC$/);

    const champion = screen.getByLabelText('Who wins the competition?') as HTMLSelectElement;
    const scorer = screen.getByLabelText('Who finishes top scorer?') as HTMLInputElement;
    const bottom = screen.getByLabelText('Who finishes bottom?') as HTMLSelectElement;
    expect(champion.value).toBe('1');
    expect(scorer.value).toBe('');
    expect(bottom.value).toBe('');
    expect(within(champion).getAllByRole('option').map((o) => o.textContent)).toEqual(['No answer', 'Arsenal', 'Chelsea', 'Everton', 'Fulham']);
    expect(scorer.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(scorer.getAttribute('aria-describedby')!)?.textContent).toMatch(/Case and accents don't matter/);

    fireEvent.change(champion, { target: { value: '2' } });
    fireEvent.change(scorer, { target: { value: '  Kylian Mbappé ' } });
    fireEvent.change(bottom, { target: { value: '3' } });
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));

    expect(await screen.findByText('Your answers are saved. You can change them until the lock.')).toBeTruthy();
    expect(bodies).toEqual([{ answers: { champion: 2, top_scorer: 'Kylian Mbappé', bottom: 3 } }]);
    expect(scorer.value).toBe('Kylian Mbappé');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();

    // Refused answers: each message under its own field, the field marked invalid.
    answer = () => ({
      status: 400,
      body: {
        message: 'Some answers cannot be saved.',
        errors: { 'answers.top_scorer': ['A name is at most 100 characters.'], 'answers.bottom': ['Choose one of the teams of this competition.'] },
      },
    });
    fireEvent.change(scorer, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText('Some answers could not be saved: see the notes under them.')).toBeTruthy();
    const scorerError = screen.getByText('A name is at most 100 characters.');
    expect(scorer.getAttribute('aria-invalid')).toBe('true');
    expect(scorer.getAttribute('aria-describedby')?.split(' ')).toContain(scorerError.id);
    expect(bottom.getAttribute('aria-invalid')).toBe('true');
    expect(bottom.getAttribute('aria-describedby')).toBe(screen.getByText('Choose one of the teams of this competition.').id);
    expect(champion.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the button busy while saving, and says clearly when the questions closed meanwhile', async () => {
    await signedIn();
    let release: () => void = () => undefined;
    let locked = false;
    stubFetch({
      'GET /api/bonus/current/': () => ({ body: { data: locked ? season({ open: false, revealed: true }) : season() } }),
      // A slow answer: it comes once released.
      'PUT /api/bonus/current/': async () => {
        await new Promise<void>((resolve) => (release = resolve));
        locked = true;
        return { status: 409, body: { message: 'The bonus questions closed at the first kick-off of the competition.' } };
      },
    });
    renderApp('/bonus');

    fireEvent.click(await screen.findByRole('button', { name: 'Save answers' }));
    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();

    expect(
      await screen.findByText('The bonus questions closed at the first kick-off of the competition: answers can no longer be changed.'),
    ).toBeTruthy();
    // Reloaded: the answers are read-only now.
    expect(await screen.findByRole('heading', { name: 'Answers are locked' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();
    expect(screen.getByText(/Answers locked at/)).toBeTruthy();
  });

  it('shows the locked answers read-only with the right answers, who settled each, the points and the total', async () => {
    await signedIn();
    mockApi({
      'GET /api/bonus/current/': () => ({
        body: {
          data: season({
            open: false,
            revealed: true,
            my_points: 20,
            questions: [
              question('champion', { my_answer: 1, right_answers: [1], settled_by: 'results', my_points: 20 }),
              question('top_scorer', { my_answer: 'Kylian Mbappé', right_answers: ['Erling Haaland', 'Harry Kane'], settled_by: 'operator', my_points: 0 }),
              question('bottom', { my_answer: 4 }),
            ],
          }),
        },
      }),
    });
    renderApp('/bonus');

    const champion = await screen.findByRole('listitem', { name: 'Who wins the competition?' });
    expect(within(champion).getByText('Your answer').nextSibling?.textContent).toBe('Arsenal');
    expect(within(champion).getByText('Right answer').nextSibling?.textContent).toBe('Arsenal');
    expect(within(champion).getByText('Settled by the results')).toBeTruthy();
    expect(within(champion).getByText('Right')).toBeTruthy();
    expect(within(champion).getByText('20 points')).toBeTruthy();

    const scorer = screen.getByRole('listitem', { name: 'Who finishes top scorer?' });
    expect(within(scorer).getByText('Right answers').nextSibling?.textContent).toBe('Erling Haaland, Harry Kane');
    expect(within(scorer).getByText('Settled by an operator')).toBeTruthy();
    expect(within(scorer).getByText('Wrong')).toBeTruthy();
    expect(within(scorer).getByText('0 points')).toBeTruthy();

    const bottom = screen.getByRole('listitem', { name: 'Who finishes bottom?' });
    expect(within(bottom).getByText('Your answer').nextSibling?.textContent).toBe('Fulham');
    expect(within(bottom).getByText('Not settled yet')).toBeTruthy();
    expect(within(bottom).queryByText(/Settled by/)).toBeNull();

    expect(screen.getByText('Your bonus points').parentElement?.parentElement?.textContent).toMatch(/20/);
    expect(screen.getByText('2 of 3 questions settled')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();
  });

  it('asks a tournament exactly the questions the API returns (no bottom team)', async () => {
    await signedIn();
    mockApi({ 'GET /api/bonus/current/': () => ({ body: { data: season({ season_name: 'World Cup 2026', questions: [question('champion'), question('top_scorer')] }) } }) });
    renderApp('/bonus');
    expect(await screen.findByLabelText('Who wins the competition?')).toBeTruthy();
    expect(screen.getByLabelText('Who finishes top scorer?')).toBeTruthy();
    expect(screen.queryByLabelText('Who finishes bottom?')).toBeNull();
  });

  it('says no competition is being played while none is active (404), in the fan\'s language', async () => {
    await signedIn();
    mockApi({ 'GET /api/bonus/current/': () => ({ status: 404, body: { message: "There's no active gameweek at the moment." } }) });
    const view = renderApp('/bonus');
    expect(await screen.findByRole('heading', { name: 'No competition is being played right now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();
    view.unmount();

    await signedIn('de');
    mockApi({ 'GET /api/bonus/current/': () => ({ status: 404, body: { message: "There's no active gameweek at the moment." } }) });
    renderApp('/bonus');
    expect(await screen.findByRole('heading', { name: 'Gerade läuft kein Wettbewerb' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bonusfragen' })).toBeTruthy();
  });

  it('shows an error with a retry when loading fails, and the questions after the retry', async () => {
    await signedIn();
    let fail = true;
    mockApi({
      'GET /api/bonus/current/': () => (fail ? { status: 500, body: { message: 'Database unavailable' } } : { body: { data: season() } }),
    });
    renderApp('/bonus');
    expect(await screen.findByRole('heading', { name: 'Could not load the bonus questions' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByLabelText('Who wins the competition?')).toBeTruthy());
  });

  it('is linked from the navigation', async () => {
    await signedIn();
    mockApi({ 'GET /api/bonus/current/': () => ({ body: { data: season() } }) });
    renderApp('/bonus');
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0];
    const link = within(nav).getByRole('link', { name: 'Bonus' });
    expect(link.getAttribute('href')).toBe('/bonus');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it("reads and saves the questions of the competition the switcher shows, by its season", async () => {
    await signedIn();
    localStorage.setItem('scoreline.competition', JSON.stringify({ chosen: 'fifa.wc', saved: 'fifa.wc', auto: false, several: true }));
    const competition = (code: string, seasonId: number, name: string) => ({
      code,
      name,
      kind: code === 'fifa.wc' ? 'tournament' : 'league',
      season: { id: seasonId, name },
      first_kickoff: null,
      playing: true,
      team: null,
      team_locked: false,
    });
    const saved: unknown[] = [];
    const fetchMock = mockApi({
      'GET /api/competitions/': () => ({ body: { data: [competition('en.1', 4, 'Premier League 2097/98'), competition('fifa.wc', 9, 'World Cup 2098')] } }),
      'GET /api/seasons/9/bonus/': () => ({ body: { data: season({ season_id: 9, season_name: 'World Cup 2098', questions: [question('champion'), question('top_scorer')] }) } }),
      'PUT /api/seasons/9/bonus/': (init) => {
        saved.push(JSON.parse(String(init?.body)));
        return { body: { data: season({ season_id: 9, season_name: 'World Cup 2098', questions: [question('champion', { my_answer: 2 }), question('top_scorer')] }) } };
      },
    });
    renderApp('/bonus');
    fireEvent.change(await screen.findByLabelText('Who wins the competition?'), { target: { value: '2' } });
    expect(screen.queryByLabelText('Who finishes bottom?')).toBeNull(); // the World Cup's questions
    fireEvent.click(screen.getByRole('button', { name: 'Save answers' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/bonus/current/'))).toBe(false);
  });
});
