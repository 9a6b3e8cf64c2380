// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountExport } from '@scoreline/contracts/api/account';
import { renderApp } from '@/test/render-app';
import { stubFetch, type StubAnswer, type StubHandler } from '@/test/stub-fetch';

type Handler = StubHandler;

const PROFILE = { id: 7, username: 'goal_getter', email: 'fan@example.com', first_name: 'Ada', last_name: 'L', is_admin: false, completed_onboarding: true };

const EXPORT: AccountExport = {
  exported_at: '2030-05-01T10:00:00.000Z',
  profile: {
    id: 7,
    username: 'goal_getter',
    email: 'fan@example.com',
    first_name: 'Ada',
    last_name: 'L',
    role: 'user',
    email_verified_at: '2030-01-01T00:00:00.000Z',
    onboarding_completed_at: '2030-01-01T00:00:00.000Z',
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  },
  country: null,
  club: null,
  preferences: null,
  predictions: [],
  gameweek_totals: [],
  season_totals: [],
  leagues: [],
  join_requests: [],
  activity: [],
  push_devices: [],
  bonus_answers: [],
  league_question_answers: [],
};

const base: Record<string, Handler> = {
  'GET /api/auth/profile/': () => ({ body: { data: PROFILE } }),
  'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

beforeEach(() => {
  localStorage.setItem('authToken', 'tok');
});

// jsdom has no object URLs: the export test sets them, and they are put back after each test.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = objectUrls.create;
  URL.revokeObjectURL = objectUrls.revoke;
});

describe('privacy panel: export data', () => {
  it('downloads the export as scoreline-data-<username>-<date>.json, showing progress meanwhile', async () => {
    let release: (answer: StubAnswer) => void = () => undefined;
    const fetchMock = stubFetch({ ...base, 'GET /api/account/export/': () => new Promise<StubAnswer>((resolve) => (release = resolve)) });
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export-1';
    });
    const revokeObjectURL = vi.fn();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });

    renderApp('/settings?tab=privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Export Data' }));
    const busy = await screen.findByRole('button', { name: /Exporting/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/account/export/')).toBe(true);

    await act(async () => release({ body: { data: EXPORT } }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ download: `scoreline-data-goal_getter-${today()}.json`, href: 'blob:export-1' });
    expect(blobs[0].type).toBe('application/json');
    expect(JSON.parse(await blobs[0].text())).toEqual(EXPORT);
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:export-1'));
    expect(await screen.findByText('Your data was downloaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export Data' }).hasAttribute('disabled')).toBe(false);
  });

  it('says so in a toast when the export fails, and downloads nothing', async () => {
    stubFetch({ ...base, 'GET /api/account/export/': () => ({ status: 500, body: { message: 'Something went wrong.' } }) });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/settings?tab=privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Export Data' }));
    expect(await screen.findByText('Could not export your data. Something went wrong.')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });
});

describe('privacy panel: delete account', () => {
  const deleteCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/account/' && init?.method === 'DELETE');

  async function openDialog() {
    renderApp('/settings?tab=privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  }

  it('asks for the password before calling the server', async () => {
    const fetchMock = stubFetch(base);
    const dialog = await openDialog();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Password is required.');
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(deleteCalls(fetchMock)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep My Account' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's field error for a wrong password and keeps the session", async () => {
    const message = 'Your password is incorrect.';
    const fetchMock = stubFetch({ ...base, 'DELETE /api/account/': () => ({ status: 400, body: { message, errors: { password: [message] } } }) });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'wrong-one' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows any other failure inside the dialog', async () => {
    stubFetch({ ...base, 'DELETE /api/account/': () => ({ status: 429, body: { message: 'Too many requests. Please wait a moment and try again.' } }) });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'right-one' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' })));
    expect(await within(dialog).findByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  it('deletes with the password, ends the session and lands on the home page with a toast', async () => {
    const fetchMock = stubFetch({ ...base, 'DELETE /api/account/': () => ({ body: { message: 'Your account has been deleted.' } }) });
    const { router } = renderApp('/settings?tab=privacy');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'correct-horse-1' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' })));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    const [call] = deleteCalls(fetchMock);
    expect(JSON.parse(String(call[1]?.body))).toEqual({ password: 'correct-horse-1' });
    expect(new Headers(call[1]?.headers).get('Authorization')).toBe('Bearer tok');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
  });
});
