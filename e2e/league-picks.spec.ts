import { expect, test, type Page } from '@playwright/test';
import type { GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import type { GameweekPicksPage } from '@scoreline/contracts/api/picks';
import { admin, apiGet, apiSend, signInAs, signUpVerified, type ApiUser } from './support/api';

/** Mark the page so a reload (which would clear the mark) is detectable. */
async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function stillNoReload(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

/** The league page's picks section, moved to the given gameweek with its own arrows. */
async function openPicks(page: Page, leagueId: number, gameweek: number) {
  await page.goto(`/leagues/${leagueId}`);
  const section = page.getByRole('region', { name: 'Gameweek picks' });
  await expect(section).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 40; i++) {
    const shown = await section.getByRole('navigation', { name: 'Gameweek' }).innerText();
    const n = Number(/Gameweek (\d+)/.exec(shown)?.[1]);
    if (n === gameweek) break;
    await section.getByRole('button', { name: n < gameweek ? 'Next gameweek' : 'Previous gameweek' }).click();
    await expect(section.getByRole('navigation', { name: 'Gameweek' })).not.toHaveText(shown);
  }
  await expect(section.getByRole('navigation', { name: 'Gameweek' })).toContainText(`Gameweek ${gameweek}`);
  return section;
}

test('two fans predict differently: hidden from each other before the deadline, shown after, live with a goal, the crowd on Results', async ({ page, browser, request }) => {
  const uma = await signUpVerified(request, { prefix: 'uma', first: 'Uma', last: 'Early' });
  const vic = await signUpVerified(request, { prefix: 'vic', first: 'Vic', last: 'Other' });
  const { gameweek, fixtures } = await apiGet<GameweekFixtures>(request, '/api/fixtures/current/', uma.token);
  const target = [...fixtures].sort((a, b) => Date.parse(a.match_time) - Date.parse(b.match_time))[0];
  await apiSend(request, 'post', '/api/predictions/', uma.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 2, away_score: 1, is_banker: f.id === target.id })),
  });
  await apiSend(request, 'post', '/api/predictions/', vic.token, {
    predictions: fixtures.map((f) => ({ fixture: f.id, home_score: 0, away_score: 3, is_banker: false })),
  });
  const league = await apiSend<{ id: number }>(request, 'post', '/api/leagues/', uma.token, { name: 'Reveal Room', type: 'public' });
  await apiSend(request, 'post', '/api/leagues/join/', vic.token, { type: 'public', league_id: league.id });

  // Before the deadline: neither sees the other's picks, through the API or on the page.
  for (const [me, other] of [[uma, vic], [vic, uma]] as [ApiUser, ApiUser][]) {
    const grid = await apiGet<GameweekPicksPage>(request, `/api/leagues/${league.id}/gameweeks/${gameweek.number}/picks/`, me.token);
    expect(grid.revealed).toBe(false);
    expect(grid.rows).toEqual([]);
    expect(grid.my_row?.user_id).toBe(me.id);
    expect(JSON.stringify(grid)).not.toContain(other.username);
  }
  await signInAs(page, uma);
  const section = await openPicks(page, league.id, gameweek.number);
  await expect(section.getByText('Picks are hidden until the deadline')).toBeVisible();
  await expect(section.getByText('Vic Other')).toHaveCount(0);
  await expect(section.getByTestId(`picks-row-${uma.id}`)).toContainText('2–1');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online');
  await markNoReload(page);

  // Kick-off of the first match (0-0): the gameweek locks and both see both, without a reload.
  const adminToken = await admin(request);
  await apiSend(request, 'put', `/api/admin/fixtures/${target.id}/result`, adminToken, { home_score: 0, away_score: 0, status: 'live', minute: 1 });
  const umaRow = section.getByTestId(`picks-row-${uma.id}`);
  const vicRow = section.getByTestId(`picks-row-${vic.id}`);
  await expect(vicRow).toContainText('0–3', { timeout: 20_000 });
  await expect(umaRow).toContainText('2–1');
  await expect(umaRow).toContainText('Banker');

  const vicPage = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAs(vicPage, vic);
  const vicSection = await openPicks(vicPage, league.id, gameweek.number);
  await expect(vicSection.getByTestId(`picks-row-${uma.id}`)).toContainText('2–1');
  await expect(vicSection.getByTestId(`picks-row-${vic.id}`)).toHaveAttribute('aria-current', 'true');

  // A goal: 2-1 is Uma's banker score, 20 × 2 = 40 provisional points; the grid moves without a reload.
  await apiSend(request, 'put', `/api/admin/fixtures/${target.id}/result`, adminToken, { home_score: 2, away_score: 1, status: 'live', minute: 70 });
  await expect(umaRow.getByTestId('picks-points')).toHaveText('40', { timeout: 20_000 });
  expect(await stillNoReload(page)).toBe(true);

  // Full time: the crowd split shows on Results, with Uma among those who got the exact score.
  await apiSend(request, 'put', `/api/admin/fixtures/${target.id}/result`, adminToken, { home_score: 2, away_score: 1, status: 'finished' });
  await expect(umaRow.getByTestId('picks-points')).toHaveText('40', { timeout: 20_000 });
  await page.goto(`/results?gameweek=${gameweek.number}`);
  const match = page.getByRole('listitem', { name: new RegExp(`${target.home_team}.*${target.away_team}`) });
  await expect(match.getByTestId('crowd-split')).toBeVisible({ timeout: 20_000 });
  await expect(match.getByTestId('exact-share')).toHaveText(/You were one of \d+% who got the exact score/);
  await vicPage.context().close();

  // The specs after this one predict the current gameweek: finish this one so the next opens.
  for (const f of fixtures.filter((x) => x.id !== target.id)) {
    await apiSend(request, 'put', `/api/admin/fixtures/${f.id}/result`, adminToken, { home_score: 1, away_score: 1, status: 'finished' });
  }
});
