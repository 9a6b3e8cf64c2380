// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import { renderApp } from '@/test/render-app';
import { adminBase, callsTo, signIn, stubApi } from '../testing/console-api';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => signIn());

const SEASON = { name: 'Premier League 2097/98', matches: [{ round: 'Matchday 1', date: '2097-08-16', team1: 'Arsenal', team2: 'Chelsea' }] };

const REPORT: ImportSeasonResult = {
  season: { id: 9, name: 'Premier League 2097/98', label: '2097/98', league_code: 'en.1', is_active: true },
  gameweeks: 38,
  fixtures: { total: 379, created: 370, updated: 9, unchanged: 0 },
  refused: [{ row: 3, round: 'Matchday 1', date: '2097-08-16', home: 'Everton', away: 'Fulham', reason: 'score.p: a drawn shoot-out cannot be, got [4,4]' }],
  clubs_created: ['Sunderland'],
  results_recorded: 2,
  shift_days: 0,
};

describe('operator console: import', () => {
  it('checks the file and the league code before sending, then shows the report with the refused rows', async () => {
    const fetchMock = stubApi({ ...adminBase(), 'POST /api/admin/seasons/import': () => ({ status: 201, body: { data: REPORT } }) });
    renderApp('/console?tab=import');
    const file = await screen.findByLabelText('Or paste the file');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('Paste or upload a season file.')).toBeTruthy();

    fireEvent.change(file, { target: { value: '{"name": "x", ' } });
    fireEvent.change(screen.getByLabelText('League code'), { target: { value: 'EN 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
    expect(screen.getByText('A league code is 1 to 16 lower-case letters, digits and dots, like "en.1".')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/seasons/import')).toEqual([]);

    fireEvent.change(file, { target: { value: JSON.stringify(SEASON) } });
    fireEvent.change(screen.getByLabelText('League code'), { target: { value: ' en.1 ' } });
    fireEvent.click(screen.getByLabelText(/Shift the dates/));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Imported Premier League 2097/98.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/admin/seasons/import').map((c) => c.body)).toEqual([{ season: SEASON, activate: true, shift_to_now: true, league_code: 'en.1' }]);
    expect(screen.getByText('Created').nextElementSibling?.textContent).toBe('370');
    expect(screen.getByText('Updated').nextElementSibling?.textContent).toBe('9');
    expect(screen.getByText('379 fixtures imported.')).toBeTruthy();
    expect(screen.getByText('Clubs created: Sunderland.')).toBeTruthy();
    const refused = screen.getByRole('table', { name: 'Refused rows' });
    const cells = [...within(refused).getAllByRole('row')[1].querySelectorAll('td')].map((td) => td.textContent);
    expect(cells).toEqual(['matches[3]', 'Matchday 1', '2097-08-16', 'Everton v Fulham', 'score.p: a drawn shoot-out cannot be, got [4,4]']);
  });

  it('reads an uploaded file, and shows the server refusing the whole file next to it', async () => {
    stubApi({ ...adminBase(), 'POST /api/admin/seasons/import': () => ({ status: 400, body: { message: 'None of the file’s rows can be imported.' } }) });
    renderApp('/console?tab=import');
    const upload = await screen.findByLabelText('Upload a file (JSON)');
    fireEvent.change(upload, { target: { files: [new File([JSON.stringify(SEASON)], 'season.json', { type: 'application/json' })] } });
    const pasted = screen.getByLabelText('Or paste the file') as HTMLTextAreaElement;
    await vi.waitFor(() => expect(pasted.value).toBe(JSON.stringify(SEASON)));
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('None of the file’s rows can be imported.')).toBeTruthy();
    expect(pasted.getAttribute('aria-invalid')).toBe('true');
  });
});
