import { expect, test, type Page } from '@playwright/test';
import type { SeasonBonus } from '@scoreline/contracts/api/bonus';
import type { Competition } from '@scoreline/contracts/api/competitions';
import type { Fixture, GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import type { SeasonGroups } from '@scoreline/contracts/api/groups';
import type { UserPreferences } from '@scoreline/contracts/api/preferences';
import type { GameweekPredictions } from '@scoreline/contracts/api/predictions';
import { apiGet, apiSend, bearer, signInAs, signUpVerified } from './support/api';

/**
 * Two competitions at once (issue 34): `npm start` seeds the Premier League and the World Cup as
 * it stood on 28 June 2026 (the groups played, the Round of 32 open for predictions and kicking
 * off within hours). A fan plays both, switches between them with the header's switcher,
 * predicts the knockout round with its "who goes through" pick, reads the World Cup's bonus
 * questions and group tables, and goes back to the Premier League; the new screens in German,
 * Spanish and French.
 */
const PREMIER_LEAGUE = 'en.1';
const WORLD_CUP = 'fifa.wc';

/** The header's switcher, by its label. */
function switcher(page: Page, label = 'Competition') {
  return page.getByRole('combobox', { name: label, exact: true });
}

/** Choose a competition in the switcher and wait until the server keeps it as the fan's current one. */
async function switchTo(page: Page, competition: Competition): Promise<void> {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/auth/preferences/') && r.request().method() === 'PUT');
  await switcher(page).selectOption({ label: competition.name });
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { data: UserPreferences }).data.current_competition).toBe(competition.code);
  await expect(switcher(page)).toHaveValue(competition.code);
}

/** Both teams known: the match is open for prediction (a knockout side may still be "W73"). */
const predictable = (f: Fixture) => f.home_team_id !== null && f.away_team_id !== null;

test('a fan plays the Premier League and the World Cup: switches between them, predicts the Round of 32 with who goes through, reads the bonus questions and the group tables', async ({ page, request }) => {
  test.setTimeout(120_000);
  const fan = await signUpVerified(request, { prefix: 'cups', first: 'Cora', last: 'Cups' });
  const before = await apiGet<Competition[]>(request, '/api/competitions/', fan.token);
  const premierLeague = before.find((c) => c.code === PREMIER_LEAGUE);
  const worldCup = before.find((c) => c.code === WORLD_CUP);
  expect(premierLeague, 'the demo Premier League (npm start seeds it)').toBeDefined();
  expect(worldCup, 'the demo World Cup (npm start seeds it)').toBeDefined();
  const [pl, wc] = [premierLeague!, worldCup!];
  expect(wc.kind).toBe('tournament');

  // 1. Onboarding: country and club, then both competitions ticked (the club's league is ticked for them).
  await signInAs(page, fan);
  await page.goto('/onboarding/country-club-selection');
  await page.getByLabel('Country').fill('engl');
  await page.getByRole('option', { name: /England/ }).click();
  await page.getByLabel('Favorite club').fill('Arsenal');
  await page.getByRole('option', { name: /Arsenal FC/ }).click();
  const choice = page.getByRole('group', { name: 'Competitions you play' });
  await expect(choice.getByRole('checkbox', { name: new RegExp(pl.name) })).toBeChecked();
  await choice.getByRole('checkbox', { name: new RegExp(wc.name) }).check();
  // The national team: the seeded World Cup has kicked off (its groups are played), but a fan who
  // joins now still picks one, once; it is then locked (a change is what the first kick-off stops).
  const team = choice.getByLabel(`Your team in ${wc.name}`);
  await expect(team).toBeVisible();
  expect(wc.team_locked).toBe(false);
  await expect(team).toBeEnabled();
  await team.selectOption({ label: 'England' });
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const playing = await apiGet<Competition[]>(request, '/api/competitions/', fan.token);
  expect(playing.filter((c) => c.playing).map((c) => c.code).sort()).toEqual([PREMIER_LEAGUE, WORLD_CUP]);
  expect(playing.find((c) => c.code === WORLD_CUP)).toMatchObject({ team: { name: 'England' }, team_locked: true });

  // 2. The switcher shows the fan's two competitions; the World Cup's fixtures are its Round of 32.
  const { gameweek: plGameweek } = await apiGet<GameweekFixtures>(request, `/api/fixtures/current/?competition=${PREMIER_LEAGUE}`, fan.token);
  const { fixtures } = await apiGet<GameweekFixtures>(request, `/api/fixtures/current/?competition=${WORLD_CUP}`, fan.token);
  const open = fixtures.filter(predictable);
  expect(open.length).toBeGreaterThan(1);
  expect(new Set(fixtures.map((f) => f.round_name))).toEqual(new Set(['Round of 32']));

  await expect(switcher(page)).toHaveValue(PREMIER_LEAGUE);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Weeks' }).click();
  const roundNav = page.getByRole('navigation', { name: 'Gameweeks' });
  await expect(roundNav.getByRole('heading', { name: `Gameweek ${plGameweek.number}` })).toBeVisible();
  await switchTo(page, wc);
  await expect(roundNav.getByRole('heading', { name: 'Round of 32' })).toBeVisible();
  const board = page.getByRole('list', { name: 'Fixtures' });
  await expect(board.getByRole('group', { name: / vs / })).toHaveCount(fixtures.length);

  // Every open match predicted; the first a 1–1 whose penalties go the away side's way, with the
  // banker; the second 2–0 with the home side through; the rest 2–1 with no "goes through" pick.
  const [drawn, homeWin] = open;
  const scoreOf = (f: Fixture) => (f.id === drawn.id ? [1, 1] : f.id === homeWin.id ? [2, 0] : [2, 1]);
  for (const f of open) {
    const card = board.getByRole('group', { name: `${f.home_team} vs ${f.away_team}`, exact: true });
    const [home, away] = scoreOf(f);
    await card.getByLabel(`${f.home_team} score`).fill(String(home));
    await card.getByLabel(`${f.away_team} score`).fill(String(away));
  }
  const drawnCard = board.getByRole('group', { name: `${drawn.home_team} vs ${drawn.away_team}`, exact: true });
  const homeWinCard = board.getByRole('group', { name: `${homeWin.home_team} vs ${homeWin.away_team}`, exact: true });
  await drawnCard.getByRole('group', { name: 'Who goes through?' }).getByRole('radio', { name: drawn.away_team, exact: true }).check();
  await homeWinCard.getByRole('group', { name: 'Who goes through?' }).getByRole('radio', { name: homeWin.home_team, exact: true }).check();
  await drawnCard.getByLabel(`Banker for ${drawn.home_team} vs ${drawn.away_team}`).check();
  await expect(page.getByText(`${open.length}/${open.length}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Predictions' }).click();
  await expect(page.getByText('All predictions saved successfully!')).toBeVisible();

  const saved = await apiGet<GameweekPredictions>(request, `/api/predictions/current/?competition=${WORLD_CUP}`, fan.token);
  const savedBy = new Map(saved.predictions.map((p) => [p.fixture, p]));
  expect(savedBy.size).toBe(open.length);
  for (const f of open) {
    const [home_score, away_score] = scoreOf(f);
    const advance = f.id === drawn.id ? 'away' : f.id === homeWin.id ? 'home' : null;
    expect(savedBy.get(f.id), `${f.home_team} vs ${f.away_team}`).toMatchObject({ home_score, away_score, is_banker: f.id === drawn.id, advance });
  }
  // The Premier League's round knows nothing of them.
  const plSaved = await apiGet<GameweekPredictions>(request, `/api/predictions/current/?competition=${PREMIER_LEAGUE}`, fan.token);
  expect(plSaved.predictions).toEqual([]);

  // After a reload the World Cup is still the one shown, with the picks as saved.
  await page.reload();
  await expect(switcher(page)).toHaveValue(WORLD_CUP);
  await expect(roundNav.getByRole('heading', { name: 'Round of 32' })).toBeVisible();
  await expect(drawnCard.getByRole('radio', { name: drawn.away_team, exact: true })).toBeChecked();
  await expect(homeWinCard.getByRole('radio', { name: homeWin.home_team, exact: true })).toBeChecked();
  await expect(drawnCard.getByLabel(`Banker for ${drawn.home_team} vs ${drawn.away_team}`)).toBeChecked();
  await expect(drawnCard.getByLabel(`${drawn.home_team} score`)).toHaveValue('1');

  // 3. Bonus: the World Cup's own questions (champion and top scorer; a tournament has no bottom team).
  // They locked at its first kick-off, weeks before the Round of 32: shown read-only, and the
  // server refuses answers (see the report: the seeded world has no open bonus questions).
  const bonus = await apiGet<SeasonBonus>(request, `/api/seasons/${wc.season.id}/bonus/`, fan.token);
  expect(bonus.questions.map((q) => q.key)).toEqual(['champion', 'top_scorer']);
  expect(bonus.open).toBe(false);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bonus' }).click();
  await expect(page).toHaveURL(/\/bonus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonus Questions' })).toBeVisible();
  await expect(page.getByText(wc.season.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Who wins the competition?' })).toContainText('No answer');
  await expect(page.getByRole('listitem', { name: 'Who finishes top scorer?' })).toContainText('No answer');
  await expect(page.getByRole('listitem', { name: 'Who finishes bottom?' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Answers are locked' })).toBeVisible();
  const refused = await request.put(`/api/seasons/${wc.season.id}/bonus/`, {
    headers: bearer(fan.token),
    data: { answers: { champion: bonus.teams[0].id, top_scorer: 'Kylian Mbappé' } },
  });
  expect(refused.status()).toBe(409);
  await page.reload();
  await expect(page.getByText(wc.season.name, { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Who wins the competition?' })).toContainText('No answer');

  // 4. The group tables, from the link beside the World Cup's fixtures.
  const groups = await apiGet<SeasonGroups>(request, `/api/seasons/${wc.season.id}/groups/`, fan.token);
  const groupA = groups.groups.find((g) => g.name === 'Group A');
  expect(groupA?.rows).toHaveLength(4);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game Weeks' }).click();
  await page.getByRole('link', { name: new RegExp(`${wc.name}.*Group Tables`) }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Group Tables' })).toBeVisible();
  const tableA = page.getByRole('table', { name: 'Standings: Group A' });
  const rows = tableA.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [i, row] of groupA!.rows.entries()) {
    await expect(rows.nth(i).getByRole('rowheader')).toHaveText(row.team);
  }
  // The top two are marked as going through, for the eye (tint) and for screen readers (named).
  await expect(tableA.locator('tbody tr[data-through]')).toHaveCount(2);
  for (const i of [0, 1]) await expect(rows.nth(i)).toContainText('(qualifying place)');
  for (const i of [2, 3]) await expect(rows.nth(i)).not.toContainText('(qualifying place)');
  await expect(page.getByText('The top two go through')).toBeVisible();

  // 5. Back to the Premier League: its gameweek, and no group tables; the choice survives a reload.
  await switchTo(page, pl);
  await expect(page.getByRole('heading', { name: 'This competition has no groups' })).toBeVisible();
  await page.getByRole('link', { name: 'Fixtures & results' }).click();
  await expect(roundNav.getByRole('heading', { name: `Gameweek ${plGameweek.number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Group Tables/ })).toHaveCount(0);
  await page.reload();
  await expect(switcher(page)).toHaveValue(PREMIER_LEAGUE);
  await expect(roundNav.getByRole('heading', { name: `Gameweek ${plGameweek.number}` })).toBeVisible();
  const prefs = await apiGet<UserPreferences>(request, '/api/auth/preferences/', fan.token);
  expect(prefs.current_competition).toBe(PREMIER_LEAGUE);

  // 6. The new screens in the other languages (the fan's saved language, as on another device).
  const languages = [
    { language: 'de', title: 'Gruppentabellen', label: 'Wettbewerb', noGroups: 'Dieser Wettbewerb hat keine Gruppen' },
    { language: 'es', title: 'Tablas de grupos', label: 'Competición', noGroups: 'Esta competición no tiene grupos' },
    { language: 'fr', title: 'Classements des groupes', label: 'Compétition', noGroups: 'Cette compétition n’a pas de groupes' },
  ] as const;
  for (const { language, title, label, noGroups } of languages) {
    await apiSend(request, 'put', '/api/auth/preferences/', fan.token, { preferences: { language } });
    await page.goto('/groups');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(switcher(page, label)).toHaveValue(PREMIER_LEAGUE);
    await expect(page.getByRole('heading', { name: noGroups })).toBeVisible();
  }
});
