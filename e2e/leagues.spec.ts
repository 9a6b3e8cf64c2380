import { expect, test } from '@playwright/test';
import type { LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { apiGet, signInAs, signUpVerified } from './support/api';

test('A creates a private league, B asks to join with the code and a message, A approves, both are on the leaderboard, B opens A’s profile and history', async ({
  browser,
  request,
}) => {
  const alice = await signUpVerified(request, { prefix: 'alice', first: 'Alice', last: 'Owner' });
  const bob = await signUpVerified(request, { prefix: 'bob', first: 'Bob', last: 'Joiner' });
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();

  // A creates the league in the UI.
  await signInAs(a, alice);
  await a.goto('/leagues?tab=create');
  await a.getByRole('textbox', { name: 'League name' }).fill('Sunday Legends');
  await a.getByRole('radio', { name: /^Private/ }).check({ force: true });
  await a.getByRole('button', { name: 'Create League' }).click();
  await expect(a.getByRole('button', { name: 'View My Leagues' })).toBeVisible();
  const overview = await apiGet<LeaguesOverview>(request, '/api/leagues/overview/', alice.token);
  const league = overview.private_leagues.leagues.find((l) => l.league.name === 'Sunday Legends')!.league;
  expect(league.code).toMatch(/^[A-Z2-9]{8}$/);
  await expect(a.getByText(league.code!).first()).toBeVisible();

  // B asks to join with the code (typed in lower case) and a message.
  await signInAs(b, bob);
  await b.goto('/leagues?tab=join');
  await b.getByRole('radio', { name: /^Private League/ }).check({ force: true });
  await b.getByRole('textbox', { name: 'Invite code' }).fill(league.code!.toLowerCase());
  await b.getByRole('textbox', { name: 'Message to the owner (optional)' }).fill('Saw you at the pub quiz!');
  await b.getByRole('button', { name: 'Send Join Request' }).click();
  await expect(b.getByText(/request/i).first()).toBeVisible();

  // A approves in the pending panel.
  await a.goto(`/leagues/${league.id}`);
  const panel = a.getByRole('region', { name: /pending/i });
  await expect(panel.getByText('Saw you at the pub quiz!')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve Bob Joiner' }).click();
  await expect(panel.getByText('No pending requests')).toBeVisible();

  // B sees the league, and both are on its leaderboard.
  await b.goto(`/leagues/${league.id}`);
  await expect(b.getByRole('heading', { name: 'Sunday Legends' })).toBeVisible();
  const board = b.getByRole('table', { name: 'League leaderboard' });
  await expect(board.getByRole('link', { name: 'Alice Owner' })).toBeVisible({ timeout: 20_000 });
  await expect(board.getByRole('link', { name: 'Bob Joiner' })).toBeVisible();

  // B opens A's profile from it, then A's history.
  await board.getByRole('link', { name: 'Alice Owner' }).click();
  await expect(b).toHaveURL(new RegExp(`/leagues/${league.id}/player/`));
  await expect(b.getByRole('heading', { name: 'Alice Owner' })).toBeVisible();
  await b.getByRole('link', { name: /View all/ }).click();
  await expect(b).toHaveURL(/\/gameweeks-history$/);
  await expect(b.getByRole('heading', { name: 'Alice Owner Gameweeks History' })).toBeVisible();

  await contextA.close();
  await contextB.close();
});
