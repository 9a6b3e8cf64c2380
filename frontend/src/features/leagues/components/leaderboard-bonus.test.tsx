// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/test/render-app';
import { makeLeaderboard, makeLeague, makeRow } from '../testing/fixtures';
import { stubApi } from '../testing/stub-api';

const L = '/api/leagues/7';

function tableApi() {
  return stubApi({
    [`GET ${L}/`]: () => ({ body: { data: makeLeague() } }),
    [`GET ${L}/leaderboard/`]: () => ({
      body: { data: makeLeaderboard([makeRow(1, { full_name: 'Ann Bonus', bonus_points: 40 }), makeRow(2, { full_name: 'Ben Plain', bonus_points: 0 }), makeRow(3, { full_name: 'Cat Older' })]) },
    }),
  });
}

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

describe("the season table's bonus points", () => {
  it('says how many of a row\'s points come from the bonus questions, and nothing for a row without', async () => {
    await i18n.changeLanguage('en');
    tableApi();
    renderApp('/leagues/7');
    const table = await screen.findByRole('table', { name: 'League leaderboard' });
    const ann = within(table).getByText('Ann Bonus').closest('tr')!;
    const note = within(ann).getByTestId('leaderboard-bonus');
    expect(note.getAttribute('title')).toBe('40 of these points come from the bonus questions');
    expect(within(note).getByText('incl. 40 bonus')).toBeTruthy();
    expect(within(note).getByText('+40').getAttribute('aria-hidden')).toBe('true');
    for (const name of ['Ben Plain', 'Cat Older']) expect(within(within(table).getByText(name).closest('tr')!).queryByTestId('leaderboard-bonus')).toBeNull();
  });

  it('says it in German too', async () => {
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'light', language: 'de', timezone: 'UTC' }));
    await i18n.changeLanguage('de');
    tableApi();
    renderApp('/leagues/7');
    expect(await screen.findByText('inkl. 40 Bonus')).toBeTruthy();
  });
});
