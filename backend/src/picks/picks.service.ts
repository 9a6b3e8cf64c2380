import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { GameweekSummary } from '@scoreline/contracts/api/fixtures';
import type { CrowdFixture, GameweekCrowd, GameweekPicksPage, PicksFixture, PicksQuery, PicksRow } from '@scoreline/contracts/api/picks';
import { PICKS_DEFAULT_PAGE_SIZE } from '@scoreline/contracts/api/picks';
import { picksRevealed } from '@scoreline/contracts/game/reveal';
import { scoreAtState } from '@scoreline/contracts/game/scoring';
import { ApiError } from '../platform/common/api-error';
import { pageOffset, paging } from '../platform/common/pagination';
import { AnswerHead, RawJson } from '../platform/common/raw-json';
import { LRUCache } from 'lru-cache';
import { loadingLru } from '../platform/common/lru';
import { searchText } from '../platform/common/sql-like';
import { LEAGUE_NOT_FOUND } from '../leagues/id-param.pipe';
import { SeasonsService } from '../seasons/seasons.service';
import { BIG_TABLE, LeagueTablesService } from '../standings/league-tables.service';
import { BackgroundReloads, tableVersionsOf, type KeptTable, type TableVersions } from '../standings/kept-tables';
import type { RankedMember, TableView } from '../standings/ranked-table';
import { CrowdService } from './crowd.service';
import { indexOfUser, packOrder, pageIndexes, type PackedOrder } from './picks-order';
import {
  selectGameweekFixtures,
  selectGameweekOrder,
  selectMembersMatching,
  selectPickRows,
  selectPicksHead,
  type FixtureRow,
  type PickRowData,
} from './picks.queries';

/**
 * A grid request makes one query (selectPicksHead: access, versions, the caller's own row); the
 * rest is kept in memory by version, so it is never stale: the gameweek and its fixtures per
 * fixtures version, the league's order per standings version (the recompute's stamp, which
 * moves whenever scoring or membership moves the league), each page per both, the crowd per
 * league and fixtures version (its stored counts are fixed for a deadline). A busy 100k
 * league sorts its members once per change, not once per request. The cached parts are kept as
 * their JSON (RawJson), and the answer around the caller's own row as its bytes (AnswerHead),
 * keyed by the page's key, which holds every version it was computed from: a request serializes,
 * encodes and hashes only the caller's row; a page of 25 × 10 picks is written once per version,
 * not once per read. The TTL only bounds memory.
 */
const CACHE_TTL_MS = 10 * 60_000;
const ORDER_ENTRIES = 40;
/** The answers' heads, by their bytes (~40 kB a page of 25): a few hundred pages. */
const ANSWER_BYTES = 16 * 1024 * 1024;

/** A grid answer: the JSON of `{ data: GameweekPicksPage }` and its weak ETag. */
export interface PicksAnswer {
  body: Buffer;
  etag: string;
}

type GridHead = AnswerHead<GameweekPicksPage, 'my_row'>;

interface GridContext {
  gameweek: GameweekSummary;
  fixtureRows: FixtureRow[];
  gameweekJson: RawJson<GameweekSummary>;
  fixturesJson: RawJson<PicksFixture[]>;
}

interface CachedPage {
  rows: { row: PicksRow; json: RawJson<PicksRow> }[];
  /** The whole page's rows, for a caller who is not on it. */
  json: RawJson<PicksRow[]>;
  total: number;
}

/** Everyone's picks of a gameweek in a league, after the deadline; before it, only the caller's own. */
@Injectable()
export class PicksService {
  private readonly orders = loadingLru<PackedOrder>({ max: ORDER_ENTRIES, ttl: CACHE_TTL_MS });
  /** A big league's latest order per gameweek, which answers on across joins and leaves for a while (kept-tables.ts). */
  private readonly keptOrders = new LRUCache<string, KeptTable & { order: PackedOrder }>({ max: ORDER_ENTRIES });
  private readonly orderReloads = new BackgroundReloads();
  private readonly contexts = loadingLru<GridContext>({ max: 200, ttl: CACHE_TTL_MS });
  private readonly pages = loadingLru<CachedPage>({ max: 1_000, ttl: CACHE_TTL_MS });
  private readonly crowds = loadingLru<RawJson<CrowdFixture[] | null>>({ max: 200, ttl: CACHE_TTL_MS });
  /** Each page's answer but the caller's row, by the page's key (and the caller, when their row is on it: it is marked). */
  private readonly answers = new LRUCache<string, GridHead>({ maxSize: ANSWER_BYTES, sizeCalculation: (head) => head.bytes.length, ttl: CACHE_TTL_MS });
  private readonly liveVersions = new WeakMap<TableView, number>();
  private liveVersionCount = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly seasons: SeasonsService,
    private readonly crowd: CrowdService,
    private readonly tables: LeagueTablesService,
  ) {}

  /** The grid's answer, written around its cached head: the controller sends it as it is. */
  async grid(leagueId: number, viewerId: number, gameweekNumber: number, query: PicksQuery): Promise<PicksAnswer> {
    const head = await selectPicksHead(this.db, leagueId, viewerId, gameweekNumber);
    // A private league is for its members only: to anyone else it does not exist.
    if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    // The league's competition's season (its head's): answers the 404s.
    if (head.gameweek_id === null) await this.seasons.gameweekByNumber(await this.seasons.activeSeasonById(head.season_id), gameweekNumber);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? PICKS_DEFAULT_PAGE_SIZE;
    const { gameweek, fixtureRows, gameweekJson, fixturesJson } = await this.contexts.forceFetch(`${head.gameweek_id}:${head.fixtures_version}`, {
      context: async () => {
        const found = await this.seasons.gameweekByNumber(await this.seasons.activeSeasonById(head.season_id), gameweekNumber);
        const rows = await selectGameweekFixtures(this.db, found.gameweek.id);
        return { gameweek: found.gameweek, fixtureRows: rows, gameweekJson: RawJson.of(found.gameweek), fixturesJson: RawJson.of(rows.map(toFixture)) };
      },
    });
    const revealed = picksRevealed(gameweek, Date.now());
    const answer = { league_id: leagueId, gameweek: gameweekJson, revealed, fixtures: fixturesJson };

    if (!revealed) {
      // Before the lock the caller sees their own picks and nobody else's (a small answer: not kept).
      const before: GridHead = AnswerHead.of({ ...answer, rows: [], crowd: null, ...paging(page, pageSize, 0) }, 'my_row');
      return before.complete(head.me ? toRow(head.me, null, viewerId, fixtureRows) : null);
    }

    // While a match of the gameweek is open the order, ranks and totals are the live gameweek
    // table's (as GET …/table shows it) and each pick is scored at its match's current score: a
    // goal is in the grid at once, not once the scorer and the recompute have written it.
    const live = await this.tables.liveGameweekTable(leagueId, gameweek.id, head);
    const stored = live ? null : await this.storedOrder(leagueId, gameweek.id, tableVersionsOf(head), (head.member_count ?? 0) >= BIG_TABLE.members);
    const order = live ? live.orderColumns() : stored!.order;
    const orderVersion = live ? `live ${this.liveVersionOf(live)}` : String(stored!.version);
    const rowOf = (d: PickRowData, at: number, viewerId: number | null) =>
      at < 0 ? toRow(d, null, viewerId, fixtureRows) : toRow(d, order.ranks[at], viewerId, fixtureRows, live?.at(at));
    const text = searchText(query.search);
    // A page only changes when the order (standings, or a live table) or the fixtures (scores, status) do.
    // The search as a JSON string: whatever it holds, it cannot run into the parts after it.
    const pageKey = `${leagueId}:${gameweek.id}:${page}:${pageSize}:${JSON.stringify(text)}:${orderVersion}:${head.fixtures_version}`;
    const shown = await this.pages.forceFetch(pageKey, {
      context: async () => {
        const only = text === null ? null : new Set(await selectMembersMatching(this.db, leagueId, text));
        const { indexes, total } = pageIndexes(order, pageOffset(page, pageSize), pageSize, only);
        const byUser = new Map((await selectPickRows(this.db, indexes.map((i) => order.userIds[i]), gameweek.id)).map((d) => [d.user_id, d]));
        const rows = indexes.flatMap((i) => {
          const d = byUser.get(order.userIds[i]);
          return d ? [rowOf(d, i, null)] : [];
        }).map((row) => ({ row, json: RawJson.of(row) }));
        return { rows, json: RawJson.array(rows.map((r) => r.json)), total };
      },
    });
    // The stored counts are fixed for the deadline; the shares of exact scores move with the fixtures.
    const crowd = await this.crowds.forceFetch(`${leagueId}:${gameweek.id}:${head.fixtures_version}`, {
      context: async () => RawJson.of(await this.crowd.figures(gameweek, leagueId, fixtureRows)),
    });
    // Everything but the caller's row is the page's (its key holds the gameweek, fixtures and crowd's
    // versions too), except the mark on the caller's own row when it is on the page.
    const mineShown = shown.rows.some((r) => r.row.user_id === viewerId);
    const answerKey = mineShown ? `${viewerId}@${pageKey}` : pageKey;
    let shared = this.answers.get(answerKey);
    if (!shared) {
      const rows = mineShown ? shown.rows.map((r) => (r.row.user_id === viewerId ? RawJson.of({ ...r.row, is_current_user: true }) : r.json)) : shown.json;
      shared = AnswerHead.of({ ...answer, rows, crowd, ...paging(page, pageSize, shown.total) }, 'my_row');
      this.answers.set(answerKey, shared);
    }
    // A member who joined since the last recompute is not in the order yet: no rank until then.
    return shared.complete(head.me ? rowOf(head.me, live ? (live.positionOf(viewerId) ?? -1) : indexOfUser(order, viewerId), viewerId) : null);
  }

  /**
   * The gameweek's order as stored at `at`, and the version it is of. A big league's kept order
   * answers on across joins and leaves while a fresh one loads once due (a 1M league's order is a
   * sort of every member: each join ranked in place moves the version).
   */
  private async storedOrder(leagueId: number, gameweekId: number, at: TableVersions, big: boolean): Promise<{ order: PackedOrder; version: number }> {
    const key = `${leagueId}:${gameweekId}`;
    const load = async () => {
      const order = await this.orders.forceFetch(`${key}:${at.version}`, { context: async () => packOrder(await selectGameweekOrder(this.db, leagueId, gameweekId)) });
      const kept = this.keptOrders.peek(key);
      if (big && (!kept || kept.version <= at.version)) this.keptOrders.set(key, { ...at, loadedAt: Date.now(), order });
      return { order, version: at.version };
    };
    const kept = big ? this.orderReloads.keptAnswer(key, this.keptOrders.get(key), at, load) : undefined;
    return kept ? { order: kept.order, version: kept.version } : load();
  }

  /** A number per live table, for the page cache's keys (a new goal, a new table, a new number). */
  private liveVersionOf(table: TableView): number {
    let version = this.liveVersions.get(table);
    if (version === undefined) {
      version = ++this.liveVersionCount;
      this.liveVersions.set(table, version);
    }
    return version;
  }

  /** The crowd of a gameweek for everyone and, when asked, for a league the caller can see. */
  async gameweekCrowd(viewerId: number, gameweekNumber: number, leagueId: number | undefined, competition?: string): Promise<GameweekCrowd> {
    if (leagueId !== undefined) {
      const head = await this.tables.viewHead(leagueId, viewerId);
      if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound(LEAGUE_NOT_FOUND);
    }
    const { gameweek } = await this.seasons.gameweekByNumber(await this.seasons.seasonForRequest(competition, viewerId), gameweekNumber);
    const fixtureRows = await selectGameweekFixtures(this.db, gameweek.id);
    const [everyone, league] = await Promise.all([
      this.crowd.figures(gameweek, null, fixtureRows),
      leagueId === undefined ? null : this.crowd.figures(gameweek, leagueId, fixtureRows),
    ]);
    return {
      gameweek_number: gameweek.number,
      revealed: everyone !== null,
      everyone,
      league: leagueId !== undefined && league !== null ? { league_id: leagueId, fixtures: league } : null,
    };
  }
}

function toFixture(f: FixtureRow): PicksFixture {
  return {
    id: f.id,
    home_team: f.home_team,
    away_team: f.away_team,
    home_short: f.home_short,
    away_short: f.away_short,
    kickoff_at: new Date(f.kickoff_at).toISOString(),
    status: f.status,
    home_score: f.home_score,
    away_score: f.away_score,
    minute: f.minute,
  };
}

/**
 * A member's row. With `live` (their line in the live gameweek table) the totals are its and each
 * pick is scored at its match's current state; else both are as stored.
 */
function toRow(d: PickRowData, rank: number | null, viewerId: number | null, fixtures: readonly FixtureRow[], live?: RankedMember): PicksRow {
  const fixtureOf = new Map(fixtures.map((f) => [f.id, f]));
  const totals = live ?? d;
  return {
    rank,
    user_id: d.user_id,
    username: d.username,
    full_name: `${d.first_name} ${d.last_name}`,
    points: totals.points,
    exact: totals.exact,
    correct: totals.correct,
    provisional: totals.provisional,
    is_current_user: d.user_id === viewerId,
    picks: d.picks.map((p) => {
      const fixture = fixtureOf.get(p.fixture_id);
      const scored =
        live && fixture
          ? scoreAtState(
              { home: p.home_score, away: p.away_score, banker: p.is_banker, advance: p.advance },
              { status: fixture.status, home: fixture.home_score, away: fixture.away_score, advanced: fixture.advanced },
            )
          : p;
      return {
        fixture_id: p.fixture_id,
        home_score: p.home_score,
        away_score: p.away_score,
        is_banker: p.is_banker,
        points: scored.points,
        outcome: scored.outcome,
        provisional: fixture?.status === 'live',
      };
    }),
  };
}
