// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp } from '@/test/render-app';

/** Screens in `language`: chosen in this browser's settings (which the app applies) and in i18next. */
async function speak(language: LanguageSetting) {
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

const PROFILE = { id: 1, username: 'fan', email: 'fan@example.com', first_name: 'Ada', last_name: 'L' };

describe('auth, onboarding and settings screens in another language', () => {
  it('signs in in Spanish', async () => {
    await speak('es');
    const fetchMock = mockApi({});
    renderApp('/signin');
    expect(await screen.findByRole('heading', { name: 'Bienvenido de nuevo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Regístrate' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByLabelText('Correo electrónico')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Rellena los dos campos.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs up in French, with the links inside the translated sentence', async () => {
    await speak('fr');
    mockApi({});
    renderApp('/signup');
    expect(await screen.findByRole('heading', { name: 'Créez votre compte' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Conditions d'utilisation" }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByText('unique, en un seul mot')).toBeTruthy();
  });

  it('counts the remaining attempts in German, singular and plural', async () => {
    await speak('de');
    mockApi({ 'POST /api/auth/verify-otp/': () => ({ status: 400, body: {} }) });
    renderApp({ pathname: '/auth/verify-otp', state: { email: 'john@example.com' } });
    expect(await screen.findByRole('heading', { name: 'Bestätige deine E-Mail-Adresse' })).toBeTruthy();
    expect(screen.getByText('j***@example.com')).toBeTruthy();
    const input = screen.getByLabelText('Bestätigungscode');
    fireEvent.change(input, { target: { value: '000000' } });
    expect(screen.getByText('6/6 Ziffern eingegeben')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Code bestätigen' }));
    expect(await screen.findByText('Ungültiger Bestätigungscode. Noch 2 Versuche übrig.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Code bestätigen' }));
    expect(await screen.findByText('Ungültiger Bestätigungscode. Noch 1 Versuch übrig.')).toBeTruthy();
  });

  it('shows onboarding in French', async () => {
    await speak('fr');
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /api/auth/profile/': () => ({ body: { data: PROFILE } }),
      'GET /api/onboarding/status/': () => ({ body: { data: { completed_onboarding: false, is_complete: false } } }),
      'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
      'GET /api/onboarding/countries/': () => ({ body: { data: [{ id: 1, code: 'FR', name: 'France', flag: '🇫🇷' }] } }),
    });
    renderApp('/onboarding/country-club-selection');
    expect(await screen.findByRole('heading', { name: 'Bienvenue sur Scoreline !' })).toBeTruthy();
    expect(screen.getByLabelText('Club favori')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passer pour le moment' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Terminer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the settings profile tab in German', async () => {
    await speak('de');
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /api/auth/profile/': () => ({ body: { data: PROFILE } }),
      'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
    });
    renderApp('/settings');
    expect(((await screen.findByLabelText('Vorname')) as HTMLInputElement).value).toBe('Ada');
    expect(screen.getByRole('button', { name: 'Änderungen speichern' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Land und Verein auswählen' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Aktuelles Passwort'), { target: { value: 'old' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort'), { target: { value: 'new-one' } });
    fireEvent.change(screen.getByLabelText('Neues Passwort bestätigen'), { target: { value: 'new-two' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    });
    expect(await screen.findByText('Die neuen Passwörter stimmen nicht überein!')).toBeTruthy();
  });

  it('keeps a shown message in step with a change of language', async () => {
    await speak('de');
    localStorage.setItem('authToken', 'tok');
    mockApi({
      'GET /api/auth/profile/': () => ({ body: { data: PROFILE } }),
      'GET /api/onboarding/preferences/': () => ({ body: { data: { country: null, club: null } } }),
      'PUT /api/auth/profile/': () => ({ body: { data: PROFILE } }),
    });
    renderApp('/settings');
    await screen.findByLabelText('Vorname');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    });
    expect(await screen.findByText('Profil erfolgreich aktualisiert!')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    await waitFor(() => expect(screen.getByText('¡Perfil actualizado correctamente!')).toBeTruthy());
  });
});
