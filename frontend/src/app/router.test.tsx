// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderApp } from '@/test/render-app';

const HERO = 'How Well Do You Know The Beautiful Game?';

describe('routing', () => {
  it('sends a visitor without a token from a protected route to /home', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: HERO })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('redirects / to /home without a token and unknown paths via /', async () => {
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: HERO });
    expect(router.state.location.pathname).toBe('/home');
  });

  it('redirects / to /dashboard with a token and shows the username in the user menu', async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /api/auth/profile/': () => ({ body: { data: { id: 1, username: 'gooner7', first_name: 'Ada', last_name: 'Lovelace' } } }) });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText('gooner7')).toBeTruthy();
  });

  it('says the server is unavailable on a 503 and keeps the user signed in', async () => {
    localStorage.setItem('authToken', 'tok');
    // Every call, as while the API is being redeployed behind its proxy.
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 }))));
    const { router } = renderApp('/dashboard');
    const indicator = await screen.findByTestId('live-indicator');
    await waitFor(() => expect(indicator.getAttribute('data-status')).toBe('unavailable'));
    expect(indicator.textContent).toBe('Server unavailable');
    expect(localStorage.getItem('authToken')).toBe('tok');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("falls back to 'User' when the profile cannot be loaded, and Sign Out goes to /home", async () => {
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /api/auth/profile/': () => ({ status: 500, body: { message: 'boom' } }) });
    const { router } = renderApp('/results');
    expect(await screen.findByText('User')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: HERO });
    expect(router.state.location.pathname).toBe('/home');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('forgets the signed-in user\'s settings on Sign Out: the next person starts from the defaults', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'light', language: 'en', timezone: 'PST' }));
    mockApi({ 'GET /api/auth/profile/': () => ({ body: { data: { id: 1, username: 'gooner7', first_name: 'Ada', last_name: 'Lovelace' } } }) });
    renderApp('/results');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('heading', { name: HERO });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('scoreline.preferences') ?? '{}')).toEqual({ theme: 'dark', language: 'en', timezone: 'local' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('sends /auth/verify-otp without an email to /signup', async () => {
    const { router } = renderApp('/auth/verify-otp');
    await screen.findByRole('button', { name: 'Create Account' });
    expect(router.state.location.pathname).toBe('/signup');
  });
});

describe('sign in', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockApi({});
    renderApp('/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please fill in both fields.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prefills the email from the navigation state', async () => {
    renderApp({ pathname: '/signin', state: { email: 'fan@example.com' } });
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('fan@example.com');
  });

  it('stores the token and goes to onboarding when it is not complete', async () => {
    mockApi({
      'POST /api/auth/login/': () => ({ body: { data: { tokens: { access: 'new-token' } } } }),
      'GET /api/onboarding/status/': () => ({ body: { data: { completed_onboarding: false, is_complete: false } } }),
      'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
      'GET /api/onboarding/countries/': () => ({ body: { data: [{ id: 1, code: 'GB-ENG', name: 'England', flag: '🏴' }] } }),
    });
    const { router } = renderApp('/signin');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/country-club-selection'));
    expect(localStorage.getItem('authToken')).toBe('new-token');
    expect(await screen.findByRole('button', { name: 'Complete Setup' })).toBeTruthy();
  });

  it('shows the server message and removes the token when sign-in fails', async () => {
    localStorage.setItem('authToken', 'stale');
    mockApi({ 'POST /api/auth/login/': () => ({ status: 401, body: { message: 'Invalid credentials' } }) });
    renderApp('/signin');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid credentials')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says so when the login answer carries no token', async () => {
    mockApi({ 'POST /api/auth/login/': () => ({ body: { data: {} } }) });
    renderApp('/signin');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'fan@example.com' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful, but no auth token was provided.')).toBeTruthy();
  });

  it('opens the verify screen with the email filled when the account is not verified yet', async () => {
    mockApi({
      'POST /api/auth/login/': () => ({
        status: 403,
        body: { message: 'Please verify your email before signing in.', detail: 'email_not_verified' },
      }),
    });
    renderApp('/signin');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: ' john@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password', { exact: true }), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('j***@example.com')).toBeTruthy();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('verify email', () => {
  const open = () => renderApp({ pathname: '/auth/verify-otp', state: { email: 'john@example.com' } });

  it('masks the email and counts the digits, dropping non-digits', async () => {
    mockApi({});
    open();
    expect(await screen.findByText('j***@example.com')).toBeTruthy();
    const input = screen.getByLabelText('Verification code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a4' } });
    expect(input.value).toBe('124');
    expect(screen.getByText('3/6 digits entered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Please enter a 6-digit verification code.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('counts failed attempts and locks after the third', async () => {
    mockApi({ 'POST /api/auth/verify-otp/': () => ({ status: 400, body: { message: 'Invalid verification code.' } }) });
    open();
    const input = (await screen.findByLabelText('Verification code')) as HTMLInputElement;
    const submit = () => {
      fireEvent.change(input, { target: { value: '000000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    };
    submit();
    expect(await screen.findByText('Invalid verification code. 2 attempt(s) remaining.')).toBeTruthy();
    submit();
    expect(await screen.findByText('Invalid verification code. 1 attempt(s) remaining.')).toBeTruthy();
    submit();
    expect(await screen.findByText('Too many failed attempts. Please request a new verification code.')).toBeTruthy();
    expect(input.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Verify Code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('redirects to sign in 1.5 s after a successful verification', async () => {
    mockApi({ 'POST /api/auth/verify-otp/': () => ({ body: { message: 'Email verified.' } }) });
    const { router } = open();
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Email verified successfully! Redirecting to sign in...')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/verify-otp');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.state).toEqual({ email: 'john@example.com' });
  });
});

describe('settings', () => {
  it('refuses mismatched new passwords without calling the server', async () => {
    localStorage.setItem('authToken', 'tok');
    const fetchMock = mockApi({
      'GET /api/auth/profile/': () => ({ body: { data: { id: 1, username: 'fan', first_name: 'Ada', last_name: 'L' } } }),
      'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
    });
    renderApp('/settings');
    expect(((await screen.findByLabelText('First name')) as HTMLInputElement).value).toBe('Ada');
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-one' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'new-two' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    });
    expect(await screen.findByText('New passwords do not match!')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('change-password'))).toBe(false);
  });
});
