// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, signIn, stubApi } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

const BONUS: SeasonBonus = {
  season_id: 7,
  season_name: 'Premier League 2097/98',
  locks_at: '2097-08-16T14:00:00Z',
  open: false,
  revealed: true,
  questions: [
    { key: 'champion', answer: 'team', points: 20, my_answer: null, right_answers: [1], settled_by: 'results', my_points: 0 },
    { key: 'top_scorer', answer: 'player_name', points: 20, my_answer: null, right_answers: ['Erling Haaland'], settled_by: 'operator', my_points: 0 },
    { key: 'bottom', answer: 'team', points: 20, my_answer: null, right_answers: null, settled_by: null, my_points: null },
  ],
  teams: [
    { id: 1, name: 'Arsenal' },
    { id: 2, name: 'Chelsea' },
    { id: 3, name: 'Everton' },
  ],
  my_points: 0,
};

describe('operator console: bonus', () => {
  it("settles the chosen competition's questions, checks player names, and takes a settlement back", async () => {
    const fetchMock = stubApi({
      ...adminBase(),
      'GET /api/seasons/7/bonus/': () => ({ body: { data: BONUS } }),
      'PUT /api/admin/seasons/7/bonus/bottom': () => ({ body: { message: 'Bonus question settled.' } }),
      'PUT /api/admin/seasons/7/bonus/top_scorer': () => ({ status: 400, body: { message: 'A name is letters, spaces and punctuation only.', errors: { right_answers: ['A name is letters, spaces and punctuation only.'] } } }),
      'DELETE /api/admin/seasons/7/bonus/top_scorer': () => ({ body: { message: 'Settlement taken back.' } }),
    });
    renderApp('/console?tab=bonus');

    const champion = await screen.findByRole('group', { name: 'Who wins the competition?' });
    expect(within(champion).getByText('Settled by the results')).toBeTruthy();
    expect(within(champion).getByText('Right answer now: Arsenal')).toBeTruthy();

    const bottom = screen.getByRole('group', { name: 'Who finishes bottom?' });
    expect(within(bottom).getByText('Not settled')).toBeTruthy();
    fireEvent.click(within(bottom).getByRole('button', { name: 'Settle' }));
    expect(within(bottom).getByText('Choose the team that is the right answer.')).toBeTruthy();
    fireEvent.change(within(bottom).getByLabelText('Right answer'), { target: { value: '3' } });
    fireEvent.click(within(bottom).getByRole('button', { name: 'Settle' }));
    expect(await within(bottom).findByText('Settled. Every answer is rescored.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/seasons/7/bonus/bottom').map((c) => c.body)).toEqual([{ right_answers: [3] }]);

    const scorer = screen.getByRole('group', { name: 'Who finishes top scorer?' });
    const names = within(scorer).getByLabelText('Right answers') as HTMLTextAreaElement;
    expect(names.value).toBe('Erling Haaland');
    fireEvent.change(names, { target: { value: 'Erling Haaland\nerling haaland' } });
    fireEvent.click(within(scorer).getByRole('button', { name: 'Correct settlement' }));
    expect(within(scorer).getByText('The same player is written twice.')).toBeTruthy();
    fireEvent.change(names, { target: { value: 'Erling Haaland\nMohamed Salah' } });
    fireEvent.click(within(scorer).getByRole('button', { name: 'Correct settlement' }));
    expect(await within(scorer).findByText('A name is letters, spaces and punctuation only.')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', '/api/admin/seasons/7/bonus/top_scorer').map((c) => c.body)).toEqual([{ right_answers: ['Erling Haaland', 'Mohamed Salah'] }]);

    fireEvent.click(within(scorer).getByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/admin/seasons/7/bonus/top_scorer')).toHaveLength(1));
    expect(await within(scorer).findByText('Settlement taken back: the results decide again.')).toBeTruthy();
  });
});
