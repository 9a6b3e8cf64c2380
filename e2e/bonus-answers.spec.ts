import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import { admin, apiGet, apiSend, bearer, signInAs, signUpVerified } from './support/api';
import { deactivateSeason } from './support/db';

/**
 * Answering the bonus questions (issue 34): both demo competitions have kicked off, so their
 * questions are locked. This spec brings in a competition of its own that has not: the bundled
 * Bundesliga file, every match moved whole days so the first kicks off a month from now, its
 * results taken out (a season not begun has none), imported by the admin as de.1's active season.
 * A fan who plays it answers the champion, the top scorer (a typed name: a league has no squads)
 * and the bottom team on /bonus, sees them saved and kept after a reload, and reads them back
 * through the API. The season is taken out of play again at the end, so the other specs (the
 * switcher, onboarding's "Competitions you play") see the two demo competitions only.
 */
const BUNDESLIGA = 'de.1';
const BUNDESLIGA_FILE = join(__dirname, '..', 'backend', 'data', 'openfootball', '2024-25', 'de.1.json');
const FIRST_KICKOFF_IN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

interface FootballJsonMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
}

/**
 * The Bundesliga file as a season still to be played: every date moved by the same whole days
 * (local kick-off times kept) so the first is `days` ahead, no scores, and named by its new years.
 */
function bundesligaStartingIn(days: number, now = new Date()): { name: string; matches: FootballJsonMatch[] } {
  const file = JSON.parse(readFileSync(BUNDESLIGA_FILE, 'utf8')) as { matches: FootballJsonMatch[] };
  const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const first = Math.min(...file.matches.map((m) => dayOf(m.date)));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const shift = today + days * DAY_MS - first;
  const matches = file.matches.map(({ round, date, time, team1, team2 }) => ({
    round,
    date: new Date(dayOf(date) + shift).toISOString().slice(0, 10),
    ...(time === undefined ? {} : { time }),
    team1,
    team2,
  }));
  const startYear = new Date(first + shift).getUTCFullYear();
  return { name: `Deutsche Bundesliga ${startYear}/${String(startYear + 1).slice(-2)}`, matches };
}

/** The season this spec made active; taken out of play again after it, pass or fail. */
let importedSeasonId: number | null = null;

test.afterAll(async () => {
  if (importedSeasonId !== null) await deactivateSeason(importedSeasonId);
});

test('a fan answers the bonus questions of a league that has not kicked off (champion, typed top scorer, bottom team), a refused name first; the answers are kept after a reload and read back', async ({ page, request }) => {
  test.setTimeout(120_000);

  // The admin imports the season as the Bundesliga's active one; the demo's two stay active beside it.
  const adminToken = await admin(request);
  const season = bundesligaStartingIn(FIRST_KICKOFF_IN_DAYS);
  const imported = await apiSend<ImportSeasonResult>(request, 'post', '/api/admin/seasons/import', adminToken, {
    season,
    activate: true,
    league_code: BUNDESLIGA,
  });
  importedSeasonId = imported.season.id;
  expect(imported.season).toMatchObject({ league_code: BUNDESLIGA, name: season.name, is_active: true });
  expect(imported.refused).toEqual([]);
  expect(imported.fixtures.total).toBe(season.matches.length);

  // A new fan who plays it (and no other).
  const fan = await signUpVerified(request, { prefix: 'bonusans', first: 'Bruno', last: 'Bonus' });
  await apiSend(request, 'post', '/api/onboarding/skip/', fan.token);
  await apiSend(request, 'put', `/api/competitions/${BUNDESLIGA}/play/`, fan.token, {});
  const competitions = await apiGet<Competition[]>(request, '/api/competitions/', fan.token);
  const bundesliga = competitions.find((c) => c.code === BUNDESLIGA);
  expect(bundesliga).toMatchObject({ kind: 'league', playing: true, season: { id: imported.season.id, name: season.name } });
  expect(Date.parse(bundesliga!.first_kickoff!)).toBeGreaterThan(Date.now() + (FIRST_KICKOFF_IN_DAYS - 2) * DAY_MS);

  const before = await apiGet<SeasonBonus>(request, `/api/bonus/current/?competition=${BUNDESLIGA}`, fan.token);
  expect(before).toMatchObject({ season_id: imported.season.id, open: true, revealed: false });
  expect(before.questions.map((q) => [q.key, q.answer, q.my_answer])).toEqual([
    ['champion', 'team', null],
    ['top_scorer', 'player_name', null],
    ['bottom', 'team', null],
  ]);
  const teamNamed = (pattern: RegExp) => {
    const team = before.teams.find((t) => pattern.test(t.name));
    expect(team, `a team matching ${pattern} among ${before.teams.map((t) => t.name).join(', ')}`).toBeDefined();
    return team!;
  };
  const champion = teamNamed(/Bayern/);
  const bottom = teamNamed(/Bochum/);
  expect(before.teams).toHaveLength(18);

  // /bonus, opened at a link naming the competition: the switcher moves to it and keeps it as the fan's.
  await signInAs(page, fan);
  const chosen = page.waitForResponse((r) => r.url().endsWith('/api/auth/preferences/') && r.request().method() === 'PUT');
  await page.goto(`/bonus?competition=${BUNDESLIGA}`);
  expect(((await (await chosen).json()) as { data: UserPreferences }).data.current_competition).toBe(BUNDESLIGA);
  await expect(page).toHaveURL(/\/bonus$/);
  await expect(page.getByRole('combobox', { name: 'Competition', exact: true })).toHaveValue(BUNDESLIGA);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Questions' })).toBeVisible();
  await expect(page.getByText(season.name, { exact: true })).toBeVisible();
  await expect(page.getByText('Answer before the first kick-off: each right answer is worth 20 points.')).toBeVisible();
  await expect(page.locator('p', { hasText: 'Answers lock at' })).toContainText(' · ');

  const main = page.getByRole('main');
  const championField = main.getByRole('combobox', { name: 'Who wins the competition?' });
  const topScorerField = main.getByRole('textbox', { name: 'Who finishes top scorer?' });
  const bottomField = main.getByRole('combobox', { name: 'Who finishes bottom?' });
  const saveButton = page.getByRole('button', { name: 'Save answers' });
  await expect(championField).toHaveValue('');
  await expect(topScorerField).toHaveValue('');
  await expect(bottomField).toHaveValue('');

  // A name longer than a name can be: the save is refused, the field says why, and nothing is written.
  await championField.selectOption({ label: champion.name });
  await topScorerField.fill('Ermedin Demirović '.repeat(6));
  await bottomField.selectOption({ label: bottom.name });
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  const refused = page.waitForResponse((r) => r.url().endsWith(`/api/seasons/${imported.season.id}/bonus/`) && r.request().method() === 'PUT');
  await saveButton.click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'Some answers could not be saved: see the notes under them.' })).toBeVisible();
  await expect(topScorerField).toHaveAttribute('aria-invalid', 'true');
  await expect(topScorerField).toHaveAccessibleDescription(/A name is at most 100 characters\./);
  await expect(championField).not.toHaveAttribute('aria-invalid', 'true');
  const afterRefusal = await apiGet<SeasonBonus>(request, `/api/bonus/current/?competition=${BUNDESLIGA}`, fan.token);
  expect(afterRefusal.questions.map((q) => q.my_answer)).toEqual([null, null, null]);

  // The name typed without its accent and in lower case (compared ignoring both), with stray spaces.
  await topScorerField.fill('  ermedin demirovic ');
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/seasons/${imported.season.id}/bonus/`) && r.request().method() === 'PUT');
  await saveButton.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Your answers are saved. You can change them until the lock.' })).toBeVisible();
  await expect(page.getByText('You have unsaved changes.')).toHaveCount(0);
  await expect(topScorerField).not.toHaveAttribute('aria-invalid', 'true');
  await expect(topScorerField).toHaveValue('ermedin demirovic');
  await expect(championField).toHaveValue(String(champion.id));
  await expect(bottomField).toHaveValue(String(bottom.id));

  // After a reload: the same competition, the answers as saved, still open to change.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Competition', exact: true })).toHaveValue(BUNDESLIGA);
  await expect(page.getByText(season.name, { exact: true })).toBeVisible();
  await expect(championField).toHaveValue(String(champion.id));
  await expect(championField.locator('option:checked')).toHaveText(champion.name);
  await expect(topScorerField).toHaveValue('ermedin demirovic');
  await expect(bottomField).toHaveValue(String(bottom.id));
  await expect(bottomField.locator('option:checked')).toHaveText(bottom.name);
  await expect(saveButton).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Answers are locked' })).toHaveCount(0);

  // Read back through the API: the team ids and the name as typed (trimmed), nothing settled yet.
  const answers = await apiGet<SeasonBonus>(request, `/api/bonus/current/?competition=${BUNDESLIGA}`, fan.token);
  expect(answers).toMatchObject({ season_id: imported.season.id, season_name: season.name, open: true, my_points: 0 });
  expect(answers.questions.map((q) => [q.key, q.my_answer, q.my_points])).toEqual([
    ['champion', champion.id, null],
    ['top_scorer', 'ermedin demirovic', null],
    ['bottom', bottom.id, null],
  ]);
  // The fan's current competition now: the call without the parameter answers the same.
  expect(await apiGet<SeasonBonus>(request, '/api/bonus/current/', fan.token)).toEqual(answers);

  // No settlement while the answers are open: its points in the tables would tell who answered what
  // (a settlement after the lock, and its points, are in backend/test/bonus/*.int-spec.ts).
  const early = await request.put(`/api/admin/seasons/${imported.season.id}/bonus/top_scorer`, {
    headers: bearer(adminToken),
    data: { right_answers: ['Ermedin Demirović'] },
  });
  expect(early.status()).toBe(409);
  expect(await apiGet<SeasonBonus>(request, `/api/bonus/current/?competition=${BUNDESLIGA}`, fan.token)).toEqual(answers);
});
