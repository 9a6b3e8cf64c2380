// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LeagueBonusAnswers, LeagueBonusRow } from '@scoreline/contracts/api/bonus';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { League } from '@scoreline/contracts/api/leagues';
import type { GameweekPicksPage } from '@scoreline/contracts/api/picks';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp } from '@/test/render-app';

const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const GAMEWEEK: GameweekSummary = {
  id: 103,
  number: 3,
  name: 'Gameweek 3',
  status: 'upcoming',
  starts_at: iso(2 * DAY),
  ends_at: iso(3 * DAY),
  deadline: iso(2 * DAY),
  is_open: true,
  fixture_count: 1,
};
const LEAGUE: League = {
  id: 7,
  name: 'Office',
  type: 'private',
  description: '',
  code: 'ABCD1234',
  member_count: 3,
  created_at: iso(-30 * DAY),
  is_owner: false,
  max_members: 100,
  is_member: true,
  role: 'member',
  owner_name: 'Olga Owner',
  country_name: null,
  country_flag: null,
  club_name: null,
  club_logo: null,
  competition: { code: 'fifa.wc', name: 'World Cup', kind: 'tournament' },
};
const PICKS: GameweekPicksPage = {
  league_id: 7,
  gameweek: GAMEWEEK,
  revealed: false,
  fixtures: [{ id: 1, home_team: 'Spain', away_team: 'Brazil', home_short: 'ESP', away_short: 'BRA', kickoff_at: iso(2 * DAY), status: 'scheduled', home_score: null, away_score: null, minute: null }],
  rows: [],
  my_row: null,
  crowd: null,
  page: 1,
  page_size: 25,
  total_count: 0,
  total_pages: 1,
  has_next: false,
  has_previous: false,
};

const QUESTIONS_OPEN: LeagueBonusAnswers['questions'] = [
  { key: 'champion', answer: 'team', points: 20, right_answers: null, settled_by: null },
  { key: 'top_scorer', answer: 'player_name', points: 20, right_answers: null, settled_by: null },
];

function bonus(over: Partial<LeagueBonusAnswers>): LeagueBonusAnswers {
  return {
    league_id: 7,
    season_id: 40,
    season_name: 'World Cup 2026',
    revealed: false,
    revealed_at: '2026-06-11T19:00:00Z',
    questions: QUESTIONS_OPEN,
    my_answers: [{ question: 'champion', answer: 5, label: 'Spain', points: null }],
    my_points: 0,
    rows: [],
    page: 1,
    page_size: 25,
    total_count: 0,
    total_pages: 1,
    has_next: false,
    has_previous: false,
    ...over,
  };
}

function member(userId: number, name: string, rank: number, answers: LeagueBonusRow['answers'], points = 0, me = false): LeagueBonusRow {
  return { user_id: userId, username: name.toLowerCase(), full_name: name, rank, is_current_user: me, answers, points };
}

/**
 * Mounts the league page (signed in, dates in UTC, in `language`) with the picks section, and
 * answers the bonus call with `answer` (a status for a failure).
 */
async function setup(answer: (url: string) => LeagueBonusAnswers | number | Promise<LeagueBonusAnswers | number>, language: 'en' | 'de' | 'es' | 'fr' = 'en') {
  localStorage.setItem('authToken', 'tok');
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
  const urls: string[] = [];
  const fetchMock = mockApi({
    'GET /api/leagues/7/': () => ({ body: { data: LEAGUE } }),
    'GET /api/seasons/gameweeks/': () => ({ body: { data: [GAMEWEEK] } }),
  });
  const base = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.includes('/picks/')) return new Response(JSON.stringify({ data: PICKS }), { headers: { 'Content-Type': 'application/json' } });
    if (url.includes('/api/leagues/7/bonus/')) {
      urls.push(url);
      const data = await answer(url);
      if (typeof data === 'number') return new Response(JSON.stringify({ message: 'Boom' }), { status: data, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify({ data }), { headers: { 'Content-Type': 'application/json' } });
    }
    return base(input, init);
  });
  // The section is composed into the league page by the app (features do not import each other).
  renderApp('/leagues/7');
  return { urls };
}

async function openBonusTab() {
  fireEvent.click(await screen.findByRole('tab', { name: 'Bonus answers' }));
}

describe('BonusAnswersPanel', () => {
  it('asks for nothing until its tab is chosen, then says when everyone\'s answers appear and shows only mine', async () => {
    const { urls } = await setup(() => bonus({}));
    expect(await screen.findByRole('tab', { name: 'Gameweek picks', selected: true })).toBeTruthy();
    expect(urls).toEqual([]);
    await openBonusTab();
    expect(await screen.findByText('Answers are hidden until the first kick-off')).toBeTruthy();
    expect(urls[0]).toContain('/leagues/7/bonus/');
    expect(screen.getByText(/^Everyone's answers appear at Thu 11 Jun, 19:00 UTC\.$/)).toBeTruthy();
    const mine = screen.getByRole('region', { name: 'Your answers' });
    expect(within(mine).getByText('Spain')).toBeTruthy();
    // Unanswered questions say so; nobody else's answers, no table.
    expect(within(mine).getByText('No answer')).toBeTruthy();
    expect(screen.queryByRole('table', { name: "Every member's bonus answers" })).toBeNull();
  });

  it('says so when I have not answered, and when the first kick-off is not known', async () => {
    await setup(() => bonus({ my_answers: [], revealed_at: null }));
    await openBonusTab();
    expect(await screen.findByText('You have not answered the bonus questions.')).toBeTruthy();
    expect(screen.getByText("Everyone's answers appear at the competition's first kick-off.")).toBeTruthy();
  });

  it("after the lock shows every member's answers with right and wrong marks, points and the right answers", async () => {
    const settled: LeagueBonusAnswers['questions'] = [
      { key: 'champion', answer: 'team', points: 20, right_answers: null, settled_by: null },
      { key: 'top_scorer', answer: 'player_name', points: 20, right_answers: [{ value: 'Lamine Yamal', label: 'Lamine Yamal' }], settled_by: 'operator' },
    ];
    await setup(() =>
      bonus({
        revealed: true,
        questions: settled,
        rows: [
          member(1, 'Ann Top', 1, [
            { question: 'champion', answer: 5, label: 'Spain', points: null },
            { question: 'top_scorer', answer: 'lamine yamal', label: 'lamine yamal', points: 20 },
          ], 20),
          member(2, 'Ben Next', 2, [{ question: 'top_scorer', answer: 'Kylian Mbappé', label: 'Kylian Mbappé', points: 0 }], 0, true),
        ],
        total_count: 60,
        total_pages: 3,
        has_next: true,
      }),
    );
    await openBonusTab();
    const table = await screen.findByRole('table', { name: "Every member's bonus answers" });
    expect(within(table).getByText('Answer: Lamine Yamal')).toBeTruthy();
    expect(within(table).getByText('Not settled yet')).toBeTruthy();
    const ann = within(table).getByTestId('bonus-row-1');
    expect(within(ann).getByText('Spain')).toBeTruthy();
    expect(within(ann).getByText('lamine yamal')).toBeTruthy();
    expect(within(ann).getByText('Right,')).toBeTruthy();
    expect(within(ann).getByTestId('bonus-points').textContent).toBe('20');
    const ben = within(table).getByTestId('bonus-row-2');
    expect(ben.getAttribute('aria-current')).toBe('true');
    expect(within(ben).getByText('You')).toBeTruthy();
    expect(within(ben).getByText('Wrong,')).toBeTruthy();
    expect(within(ben).getByText('No answer')).toBeTruthy();
    expect(within(ben).getByText('0 pts')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Bonus answer pages' })).toBeTruthy();
  });

  it('pages and searches on the server', async () => {
    const { urls } = await setup((url) =>
      url.includes('search=ben')
        ? bonus({ revealed: true, rows: [member(2, 'Ben Next', 2, [])], total_count: 1 })
        : url.includes('page=2')
          ? bonus({ revealed: true, rows: [member(30, 'Zoe Deep', 30, [])], page: 2, total_count: 30, total_pages: 2, has_previous: true })
          : bonus({ revealed: true, rows: [member(1, 'Ann Top', 1, [])], total_count: 30, total_pages: 2, has_next: true }),
    );
    await openBonusTab();
    await screen.findByTestId('bonus-row-1');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Bonus answer pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByTestId('bonus-row-30')).toBeTruthy();
    expect(urls.at(-1)).toContain('page=2');
    fireEvent.change(screen.getByLabelText('Search bonus answers by name'), { target: { value: 'ben' } });
    expect(await screen.findByTestId('bonus-row-2')).toBeTruthy();
    expect(urls.at(-1)).toContain('search=ben');
    expect(urls.at(-1)).toContain('page=1');
  });

  it('says when a search matches nobody', async () => {
    await setup((url) => (url.includes('search=') ? bonus({ revealed: true, rows: [] }) : bonus({ revealed: true, rows: [member(1, 'Ann Top', 1, [])], total_count: 1 })));
    await openBonusTab();
    await screen.findByTestId('bonus-row-1');
    fireEvent.change(screen.getByLabelText('Search bonus answers by name'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No members match this search.')).toBeTruthy();
  });

  it('shows a loading state, then an error with a retry that loads', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await setup(async () => {
      await gate;
      return fail ? 500 : bonus({});
    });
    await openBonusTab();
    expect(await screen.findByText('Loading bonus answers…')).toBeTruthy();
    release();
    expect(await screen.findByText('Could not load the bonus answers')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Answers are hidden until the first kick-off')).toBeTruthy());
  });

  it.each([
    ['de', 'Bonusantworten', 'Die Antworten sind bis zum ersten Anstoß verborgen', 'Deine Antworten'],
    ['es', 'Respuestas extra', 'Las respuestas están ocultas hasta el primer partido', 'Tus respuestas'],
    ['fr', 'Réponses bonus', "Les réponses sont cachées jusqu'au premier coup d'envoi", 'Vos réponses'],
  ] as const)('speaks %s', async (language, tab, hidden, mine) => {
    await setup(() => bonus({}), language);
    fireEvent.click(await screen.findByRole('tab', { name: tab }));
    expect(await screen.findByText(hidden)).toBeTruthy();
    expect(screen.getByRole('region', { name: mine })).toBeTruthy();
  });
});
