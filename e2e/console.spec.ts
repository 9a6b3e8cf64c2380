import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminFixture, ImportSeasonResult } from '@scoreline/contracts/api/admin';
import type { AuditEntry, ConsoleClub, FeedCompetitionState, FeedUnmatched } from '@scoreline/contracts/api/console';
import type { GameweekFixtures } from '@scoreline/contracts/api/fixtures';
import type { LeaguesOverview } from '@scoreline/contracts/api/leagues';
import { admin, apiGet, apiSend, signInAs, signUpVerified } from './support/api';
import { deactivateSeason } from './support/db';
import { patchStandInMatch, providerInstant, putStandInMatch, scheduledMatch, type StandInTeam } from './support/stand-in';

/**
 * The results feed and the operator console end to end (issue 35 §3/§4). `npm start` runs the
 * football-data.org stand-in beside the app and the workers poll it (playwright.config.ts gives it
 * a port of its own). This spec brings in a competition of its own that the demo does not feed: the
 * bundled Bundesliga file's first matchday, moved to start two days from now, imported by the
 * admin as de.1's active season (provider code BL1), and scripts the stand-in's BL1 with two of its
 * matches: Dortmund v Frankfurt named exactly as stored (the feed matches it by names and kick-off),
 * and Augsburg v Bremen with its home side called "Fuggerstadt Kickers" (FUG), a name nothing of
 * ours resembles (Augsburg is the Fuggerstadt), which the feed lists for an operator instead.
 *
 * A fan who plays de.1 predicts Dortmund v Frankfurt 1–0 with the banker, behind a rival who got
 * Freiburg v Stuttgart (recorded 0–0) exactly right, 30 points, and watches de.1's global league.
 * The match kicks off and the provider says 1–0 in play: the feed records it and the fan's row goes
 * to the top, 40 points, without a reload. The admin, in a second browser, maps Fuggerstadt Kickers to FC Augsburg
 * on the console's Feed tab; at the next poll the match is matched and takes the provider's later
 * kick-off. Then the admin corrects Freiburg v Stuttgart to 2–1 on the Matches tab and reads the
 * correction on the Audit tab: who, which fixture, each value before and after.
 *
 * The season is taken out of play again at the end, pass or fail, so the other specs see the two
 * demo competitions only (as e2e/bonus-answers.spec.ts does).
 */
const BUNDESLIGA = 'de.1';
const PROVIDER_CODE = 'BL1';
const BUNDESLIGA_FILE = join(__dirname, '..', 'backend', 'data', 'openfootball', '2024-25', 'de.1.json');
const FIRST_KICKOFF_IN_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a change at the stand-in may take to show: the poller's turn among the fed competitions (every 6 s at most, within the provider's 10 a minute), its refresh of what is in play (15 s), and the page's refetch. */
const FEED_WAIT_MS = 60_000;

/** Provider ids of this spec's teams and matches, far from the hashed ids the demo's replays use. */
const IDS = { dortmund: 91_001, frankfurt: 91_002, fuggerstadt: 91_003, bremen: 91_004, matchFed: 91_101, matchUnknownTeam: 91_102 };
/** The provider's name for FC Augsburg that matches nothing of ours (no name, short name or code of any club). */
const UNKNOWN_TEAM = { name: 'Fuggerstadt Kickers', tla: 'FUG' };

interface FootballJsonMatch {
  round: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
}

/**
 * The Bundesliga file's first matchday as a season to be played: its dates moved by whole days so
 * it starts `days` from now (local kick-off times kept), no scores. Named by its one calendar year
 * ("Deutsche Bundesliga 2026"): a season label of its own, never merged into the season
 * e2e/bonus-answers.spec.ts imports for the same competition ("… 2026/27").
 */
function firstMatchdayStartingIn(days: number, now = new Date()): { name: string; matches: FootballJsonMatch[] } {
  const file = JSON.parse(readFileSync(BUNDESLIGA_FILE, 'utf8')) as { matches: FootballJsonMatch[] };
  const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const firstMatchday = file.matches.filter((m) => m.round === 'Matchday 1');
  const first = Math.min(...firstMatchday.map((m) => dayOf(m.date)));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const shift = today + days * DAY_MS - first;
  const matches = firstMatchday.map(({ round, date, time, team1, team2 }) => ({
    round,
    date: new Date(dayOf(date) + shift).toISOString().slice(0, 10),
    ...(time === undefined ? {} : { time }),
    team1,
    team2,
  }));
  return { name: `Deutsche Bundesliga ${new Date(first + shift).getUTCFullYear()}`, matches };
}

function team(id: number, name: string, tla: string): StandInTeam {
  return { id, name, shortName: name, tla };
}

/** Mark the page so a reload (which would clear the mark) is detectable. */
async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
}
async function stillNoReload(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);
}

/** The season this spec made active; taken out of play again after it, pass or fail. */
let importedSeasonId: number | null = null;

test.afterAll(async () => {
  if (importedSeasonId !== null) await deactivateSeason(importedSeasonId);
});

test('an admin maps a team the feed could not match, corrects a result and reads it in the audit list; a fan watches the fed goal move their rank without a reload', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(300_000);

  // 1. The admin imports the first matchday as de.1's active season.
  const adminToken = await admin(request);
  await apiSend(request, 'post', '/api/onboarding/skip/', adminToken);
  const season = firstMatchdayStartingIn(FIRST_KICKOFF_IN_DAYS);
  const imported = await apiSend<ImportSeasonResult>(request, 'post', '/api/admin/seasons/import', adminToken, { season, activate: true, league_code: BUNDESLIGA });
  importedSeasonId = imported.season.id;
  expect(imported.season).toMatchObject({ league_code: BUNDESLIGA, name: season.name, is_active: true });
  expect(imported.refused).toEqual([]);
  expect(imported.fixtures.total).toBe(9);

  const fixtures = await apiGet<AdminFixture[]>(request, `/api/admin/fixtures/?competition=${BUNDESLIGA}&gameweek=1`, adminToken);
  const named = (home: RegExp, away: RegExp) => {
    const found = fixtures.find((f) => home.test(f.home_team) && away.test(f.away_team));
    expect(found, `a fixture ${home} v ${away} among ${fixtures.map((f) => `${f.home_team} v ${f.away_team}`).join(', ')}`).toBeDefined();
    return found!;
  };
  const fed = named(/Dortmund/, /Frankfurt/);
  const unknownTeam = named(/Augsburg/, /Bremen/);
  const corrected = named(/Freiburg/, /Stuttgart/);
  const clubs = await apiGet<ConsoleClub[]>(request, `/api/admin/clubs/?competition=${BUNDESLIGA}`, adminToken);
  const augsburg = clubs.find((c) => c.name === unknownTeam.home_team);
  expect(augsburg, `${unknownTeam.home_team} among de.1's clubs`).toBeDefined();

  // 2. The provider's matchday: Dortmund v Frankfurt as stored; Augsburg v Bremen with a home side
  // we cannot place, kicking off 90 minutes later than ours (what the feed applies once it is mapped).
  const movedKickoff = providerInstant(Date.parse(unknownTeam.match_time) + 90 * 60_000);
  await putStandInMatch(request, PROVIDER_CODE, scheduledMatch({
    id: IDS.matchFed,
    utcDate: providerInstant(fed.match_time),
    matchday: 1,
    home: team(IDS.dortmund, fed.home_team, 'BVB'),
    away: team(IDS.frankfurt, fed.away_team, 'SGE'),
  }));
  await putStandInMatch(request, PROVIDER_CODE, scheduledMatch({
    id: IDS.matchUnknownTeam,
    utcDate: movedKickoff,
    matchday: 1,
    home: team(IDS.fuggerstadt, UNKNOWN_TEAM.name, UNKNOWN_TEAM.tla),
    away: team(IDS.bremen, unknownTeam.away_team, 'SVW'),
  }));

  // The feed's first poll of BL1 (the poller takes up a newly active competition within seconds):
  // the team it cannot place is listed for an operator, the other match is matched (nothing else listed).
  const unknownDescription = `${UNKNOWN_TEAM.name} (${UNKNOWN_TEAM.tla})`;
  const openOfDe1 = async () => (await apiGet<FeedUnmatched[]>(request, '/api/admin/feed/unmatched/', adminToken)).filter((u) => u.competition === BUNDESLIGA);
  await expect
    .poll(async () => (await openOfDe1()).map((u) => [u.kind, u.provider_id, u.description]), { timeout: FEED_WAIT_MS, message: 'the feed lists the team it cannot match' })
    .toEqual([['team', IDS.fuggerstadt, unknownDescription]]);
  // The poll lists the team while it runs and records itself as good once it ends: wait for that.
  const de1Feed = async () => (await apiGet<FeedCompetitionState[]>(request, '/api/admin/feed/', adminToken)).find((s) => s.competition === BUNDESLIGA);
  await expect
    .poll(async () => (await de1Feed())?.last_good_poll_at ?? null, { timeout: FEED_WAIT_MS, message: "the feed's first good poll of de.1 recorded" })
    .not.toBeNull();
  const feedState = await de1Feed();
  expect(feedState).toMatchObject({ provider: 'football-data', provider_code: PROVIDER_CODE, stand_in: true });

  // 3. A fan and a rival who play de.1. The fan predicts Dortmund v Frankfurt 1–0 with the banker
  // (and Freiburg v Stuttgart 1–0), on the fixtures screen; the rival Freiburg v Stuttgart 0–0 and
  // the fed match 0–3, by the API.
  const fan = await signUpVerified(request, { prefix: 'feedfan', first: 'Fenna', last: 'Feedwatch' });
  const rival = await signUpVerified(request, { prefix: 'feedriv', first: 'Rolf', last: 'Rivalry' });
  for (const user of [fan, rival]) {
    await apiSend(request, 'post', '/api/onboarding/skip/', user.token);
    await apiSend(request, 'put', `/api/competitions/${BUNDESLIGA}/play/`, user.token, {});
  }
  const { fixtures: fanFixtures } = await apiGet<GameweekFixtures>(request, `/api/fixtures/current/?competition=${BUNDESLIGA}`, fan.token);
  const fedForFan = fanFixtures.find((f) => f.id === fed.id)!;
  const correctedForFan = fanFixtures.find((f) => f.id === corrected.id)!;
  await apiSend(request, 'post', '/api/predictions/', rival.token, {
    predictions: [
      { fixture: corrected.id, home_score: 0, away_score: 0, is_banker: false },
      { fixture: fed.id, home_score: 0, away_score: 3, is_banker: false },
    ],
  });

  await signInAs(page, fan);
  await page.goto(`/fixtures?competition=${BUNDESLIGA}`);
  const card = page.getByRole('group', { name: `${fedForFan.home_team} vs ${fedForFan.away_team}`, exact: true });
  await card.getByLabel(`${fedForFan.home_team} score`).fill('1');
  await card.getByLabel(`${fedForFan.away_team} score`).fill('0');
  await card.getByLabel(`Banker for ${fedForFan.home_team} vs ${fedForFan.away_team}`).check();
  // Blanks are saved as 0–0: Freiburg v Stuttgart gets a home win instead, so that only the rival scores it.
  const otherCard = page.getByRole('group', { name: `${correctedForFan.home_team} vs ${correctedForFan.away_team}`, exact: true });
  await otherCard.getByLabel(`${correctedForFan.home_team} score`).fill('1');
  await otherCard.getByLabel(`${correctedForFan.away_team} score`).fill('0');
  await page.getByRole('button', { name: 'Save Predictions' }).click();
  await expect(page.getByText('All predictions saved successfully!')).toBeVisible();

  // 4. The round starts: Dortmund v Frankfurt and Freiburg v Stuttgart kick off now (the provider
  // first, so no poll between sees ours moved and theirs not); Freiburg v Stuttgart is recorded 0–0.
  const kickoff = providerInstant(new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000));
  await patchStandInMatch(request, IDS.matchFed, { utcDate: kickoff });
  await apiSend(request, 'patch', `/api/admin/fixtures/${fed.id}`, adminToken, { match_time: kickoff });
  await apiSend(request, 'patch', `/api/admin/fixtures/${corrected.id}`, adminToken, { match_time: kickoff });
  await apiSend(request, 'put', `/api/admin/fixtures/${corrected.id}/result`, adminToken, { home_score: 0, away_score: 0, status: 'finished' });

  // 5. The fan watches de.1's global league: the rival leads with 30, the fan is second.
  const overview = await apiGet<LeaguesOverview>(request, `/api/leagues/overview/?competition=${BUNDESLIGA}`, fan.token);
  const globalLeague = overview.global_league.league;
  expect(globalLeague, "de.1's global league, joined by playing it").not.toBeNull();
  await page.goto(`/leagues/${globalLeague!.id}`);
  const board = page.getByRole('table', { name: 'League leaderboard' });
  const rowOf = (name: string) => board.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const fanRow = rowOf('Fenna Feedwatch');
  const rivalRow = rowOf('Rolf Rivalry');
  await expect(rivalRow.getByRole('cell').last()).toHaveText('30', { timeout: 20_000 }); // an exact draw
  await expect(rivalRow.getByRole('cell').first()).toContainText('#1');
  await expect(fanRow.getByRole('cell').first()).toContainText('#2');
  await expect(fanRow.getByRole('cell').last()).toHaveText('0');
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'online');
  await markNoReload(page);

  // 6. The provider: 1–0 in play. The feed records it; the fan's banker is exactly right (20 × 2).
  await patchStandInMatch(request, IDS.matchFed, { status: 'IN_PLAY', minute: 30, score: { fullTime: { home: 1, away: 0 }, halfTime: { home: null, away: null } } });
  await expect(fanRow.getByRole('cell').last()).toHaveText('40', { timeout: FEED_WAIT_MS });
  await expect(fanRow.getByRole('cell').first()).toContainText('#1');
  await expect(rivalRow.getByRole('cell').first()).toContainText('#2');
  await expect(board.getByRole('row').nth(1)).toContainText('Fenna Feedwatch');
  expect(await stillNoReload(page)).toBe(true);
  const recorded = (await apiGet<AdminFixture[]>(request, `/api/admin/fixtures/?competition=${BUNDESLIGA}&gameweek=1`, adminToken)).find((f) => f.id === fed.id);
  expect(recorded).toMatchObject({ status: 'live', home_score: 1, away_score: 0, minute: 30 });

  // 7. The admin, in a browser of their own: the Feed tab lists the team the feed could not place.
  const adminContext = await browser.newContext({ baseURL });
  try {
    const operator = await adminContext.newPage();
    await signInAs(operator, { token: adminToken });
    await operator.goto('/console?tab=feed');
    await expect(operator.getByRole('heading', { level: 1, name: 'Operator Console' })).toBeVisible();
    await expect(operator.getByRole('tab', { name: 'Feed' })).toHaveAttribute('aria-selected', 'true');
    const feedCard = operator.getByRole('group', { name: feedState!.competition_name, exact: true });
    await expect(feedCard).toContainText(`${BUNDESLIGA} · football-data · ${PROVIDER_CODE}`);
    await expect(feedCard).toContainText('Stand-in');

    const unmatched = operator.getByRole('region', { name: 'Unmatched teams and matches', exact: true });
    const item = unmatched.getByRole('listitem').filter({ has: operator.getByRole('heading', { name: unknownDescription, exact: true }) });
    await expect(item).toContainText(BUNDESLIGA);
    await expect(item).toContainText('Team');
    await item.getByLabel(`Our club for ${unknownDescription}`).selectOption({ label: augsburg!.code ? `${augsburg!.name} (${augsburg!.code})` : augsburg!.name });
    await item.getByRole('button', { name: 'Link' }).click();
    await expect(unmatched.getByText(`Linked: ${unknownDescription}.`)).toBeVisible();
    await expect(unmatched.getByRole('heading', { name: unknownDescription })).toHaveCount(0);

    // At the next poll the match is matched by its teams and kick-off, and takes the provider's kick-off.
    await expect
      .poll(async () => (await apiGet<AdminFixture[]>(request, `/api/admin/fixtures/?competition=${BUNDESLIGA}&gameweek=1`, adminToken)).find((f) => f.id === unknownTeam.id)?.match_time, {
        timeout: FEED_WAIT_MS,
        message: "the provider's kick-off of the mapped match",
      })
      .toBe(new Date(movedKickoff).toISOString());
    // Read afresh: nothing is listed any more, neither the team nor its match.
    expect(await apiGet<FeedUnmatched[]>(request, '/api/admin/feed/unmatched/', adminToken)).toEqual([]);
    await operator.reload();
    await expect(unmatched.getByRole('heading', { name: 'No unmatched teams or matches' })).toBeVisible();
    await expect(unmatched).not.toContainText(UNKNOWN_TEAM.name);

    // 8. The Matches tab: the fed match in play; Freiburg v Stuttgart corrected to 2–1.
    await operator.getByRole('tab', { name: 'Matches' }).click();
    await expect(operator).toHaveURL(/[?&]tab=matches/);
    const inPlay = operator.getByRole('region', { name: 'In play now', exact: true });
    const fedName = `${fed.home_team} v ${fed.away_team}`;
    await expect(inPlay.getByRole('listitem').filter({ has: operator.getByRole('heading', { name: fedName, exact: true }) })).toContainText('1–0');
    const fixturesSection = operator.getByRole('region', { name: 'Fixtures', exact: true });
    await fixturesSection.getByLabel('Competition to manage').selectOption(BUNDESLIGA);
    await expect(fixturesSection.getByLabel('Gameweek')).toHaveValue('1');
    const correctedName = `${corrected.home_team} v ${corrected.away_team}`;
    const row = fixturesSection.getByRole('listitem').filter({ has: operator.getByRole('heading', { name: correctedName, exact: true }) });
    await expect(row).toContainText('Finished');
    await expect(row).toContainText('0–0');
    await row.getByRole('button', { name: `Manage ${correctedName}` }).click();
    await row.getByLabel(`${corrected.home_team} goals`).fill('2');
    await row.getByLabel(`${corrected.away_team} goals`).fill('1');
    await expect(row.getByLabel('Status')).toHaveValue('finished');
    const saved = operator.waitForResponse((r) => r.url().endsWith(`/api/admin/fixtures/${corrected.id}/result`) && r.request().method() === 'PUT');
    await row.getByRole('button', { name: 'Save result' }).click();
    expect((await saved).status()).toBe(200);
    await expect(row.getByText('Result saved. Scoring follows.')).toBeVisible();
    await expect(row).toContainText('2–1');

    // 9. The Audit tab: the correction, newest first: who, which fixture, each value before → after.
    await operator.getByRole('tab', { name: 'Audit' }).click();
    const audit = operator.getByRole('region', { name: 'Audit', exact: true });
    const entry = audit
      .getByRole('listitem')
      .filter({ hasText: 'fixture.result' })
      .filter({ hasText: `Fixture ${corrected.id} (${correctedName})` })
      .first();
    await expect(entry).toContainText('e2e_admin');
    const change = (key: string) => entry.locator('dl > div').filter({ has: operator.locator('dt', { hasText: new RegExp(`^${key}$`) }) });
    await expect(change('home_score').locator('del')).toHaveText('0');
    await expect(change('home_score').locator('ins')).toHaveText('2');
    await expect(change('away_score').locator('del')).toHaveText('0');
    await expect(change('away_score').locator('ins')).toHaveText('1');
    await expect(change('status')).toHaveCount(0); // finished before and after: not listed

    // The same list through the API: the admin's mapping, and the feed's own changes (no operator named).
    const entries = await apiGet<AuditEntry[]>(request, '/api/admin/audit/?limit=200', adminToken);
    const mapping = entries.find((e) => e.action === 'feed.team-link' && e.actor?.username === 'e2e_admin');
    expect(mapping).toMatchObject({ target: `football-data team ${IDS.fuggerstadt} (Fuggerstadt Kickers (FUG))`, before: null, after: { club_id: augsburg!.id } });
    const byFeed = (action: string, fixtureId: number) => entries.find((e) => e.action === action && e.actor === null && e.target.startsWith(`Fixture ${fixtureId} (`));
    expect(byFeed('fixture.result', fed.id)?.after).toMatchObject({ status: 'live', home_score: 1, away_score: 0 });
    expect(byFeed('fixture.reschedule', unknownTeam.id)?.after).toMatchObject({ match_time: new Date(movedKickoff).toISOString() });
  } finally {
    await adminContext.close();
  }
});
