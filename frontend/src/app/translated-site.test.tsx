// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LanguageSetting } from '@scoreline/contracts/api/preferences';
import { i18n } from '@/lib/i18n';
import { mockApi, renderApp } from '@/test/render-app';

/** Screens in `language`: chosen in this browser's settings (which the app applies) and in i18next. */
async function speak(language: LanguageSetting) {
  localStorage.setItem('scoreline.preferences', JSON.stringify({ theme: 'dark', language, timezone: 'UTC' }));
  await i18n.changeLanguage(language);
}

describe('the site chrome and public pages in another language', () => {
  it('shows the help center, its search and the signed-in navigation in German', async () => {
    await speak('de');
    localStorage.setItem('authToken', 'tok');
    mockApi({ 'GET /api/auth/profile/': () => ({ body: { data: { id: 1, username: 'fan', first_name: 'Ada', last_name: 'L' } } }) });
    renderApp('/help');

    expect(await screen.findByRole('heading', { name: 'Hilfe-Center' })).toBeTruthy();
    const nav = screen.getAllByRole('navigation', { name: 'Hauptnavigation' })[0];
    for (const label of ['Übersicht', 'Ligen', 'Spieltage', 'Ergebnisse', 'Hilfe']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Erste Schritte' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Was ist der Joker?' })).toBeTruthy();
    expect(screen.getByText('Exaktes Ergebnis bei einem Unentschieden: 30 Punkte')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Scoreline. Alle Rechte vorbehalten.`)).toBeTruthy();

    // The search looks through the German texts.
    fireEvent.change(screen.getByLabelText('Hilfe durchsuchen'), { target: { value: 'Joker verdoppelt' } });
    expect(await screen.findByText(/^1 Ergebnis für „Joker verdoppelt“$/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Was ist der Joker?' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Hilfe durchsuchen'), { target: { value: 'Abseitsfalle' } });
    expect(await screen.findByText('Keine passenden Fragen')).toBeTruthy();
  });

  it('shows the landing page in Spanish', async () => {
    await speak('es');
    mockApi({});
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: '¿Cuánto sabes del deporte rey?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Empieza a pronosticar/ }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByText('Empate con resultado exacto')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
  });

  it('shows the terms in French, with a note that the English text is binding', async () => {
    await speak('fr');
    mockApi({});
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeTruthy();
    expect(screen.getByText(/seule la version anglaise fait foi/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '1. Acceptation des présentes conditions' })).toBeTruthy();
    expect(screen.getByText('Dernière mise à jour : janvier 2025')).toBeTruthy();
  });

  it('shows the about page figures in the language’s own notation', async () => {
    await speak('de');
    mockApi({});
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'Von Fans, für Fans' })).toBeTruthy();
    expect(screen.getByText('50.000+')).toBeTruthy();
    expect(screen.getByText('Aktive Nutzer')).toBeTruthy();
  });

  it('keeps English texts, and no translation note on the legal pages, in English', async () => {
    mockApi({});
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.queryByText(/version is binding/)).toBeNull();
    expect(screen.getByRole('heading', { name: "7. Children's privacy" })).toBeTruthy();
  });
});
