import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  TABLE_DEFAULT_PAGE_SIZE,
  type LeagueTableQuery,
  type LeagueTableResponse,
  type LeagueTableRow,
  type TableGameweek,
} from '@scoreline/contracts/api/tables';
import { roundName } from '@scoreline/contracts/game/round-name';
import { ApiError } from '../platform/common/api-error';
import { KeyedQueue } from '../platform/common/keyed-queue';
import { LRUCache } from 'lru-cache';
import { leagueTableLoads } from '../platform/metrics/metrics';
import { pageOffset, paging } from '../platform/common/pagination';
import {
  selectRankedColumns,
  selectTableHead,
  tableKey,
  type TableHead,
  selectTableUsers,
  type TableGameweekRow,
  type TableSource,
  type TableUser,
} from './league-tables.queries';
import { RankedTable, type RankedMember, type TableView } from './ranked-table';
import { liveFixturesOf } from './live-tables.queries';
import { LiveTablesService } from './live-tables.service';
import { BackgroundReloads, tableVersionsOf, type KeptTable, type SummaryStamps, type TableVersions } from './kept-tables';

/** A league's whole table over one period, as of one version of its standings. */
/** A whole table as loaded at a version of the league's standings (kept-tables.ts). */
interface VersionedTable extends KeptTable {
  table: RankedTable;
}

/**
 * Whole tables kept in memory, in members (a 1M league's table is ~25 MB with its index): the least
 * recently read go first, weighed by their members (+1,000 an entry). Kept by count (24, as before),
 * fans paging through the global league's past gameweeks and months could make it hold 24
 * million-member tables, ~600 MB; now a big league's periods nobody reads lately load again when
 * asked (one at a time, BIG_TABLE). The budget holds the bench's five leagues' season, gameweek and
 * month tables.
 */
const TABLE_MEMBERS_KEPT = 5_000_000;

/**
 * From this many members a whole-table load waits for any other such load to end first: a 1M
 * league's load holds ~110 MB while it runs (the driver's buffers for one 26 MB row, its text,
 * the typed columns), and the gameweek and month tables of the big leagues all reload after
 * every goal, which at 1M took the API over its 512 MB budget. Small tables never wait.
 */
export const BIG_TABLE = { members: 100_000 };

/**
 * The league tables: season, any gameweek, any month (issue 11 section 3), one mechanism for
 * all three and every league kind. A table is one window over the league's members by the
 * table rule (table-ranking.shared-sql.ts) over a source of totals — the season's, or the sum of
 * some gameweeks' (one gameweek, or a month's) — so making tables faster is a change in one
 * place.
 *
 * Fast at 100k members: the whole ranked table is kept in memory per league, period and version
 * (the standings summary's computed_at, which every recompute of the league moves: any scored
 * goal, correction or join). Reads between changes page through it and fetch the page's names
 * (a few ms); the first read after a change pays the window once (about 0.5 s at 100k), and
 * concurrent reads of the same table share that query. The stored season standings (and the
 * leaderboard API) stay as they are; this table agrees with them, as both rank by one rule.
 */
@Injectable()
export class LeagueTablesService {
  private readonly tables = new LRUCache<string, VersionedTable>({ maxSize: TABLE_MEMBERS_KEPT, sizeCalculation: (t) => 1_000 + t.table.size });
  private readonly loading = new Map<string, Promise<VersionedTable>>();
  /** Big loads, one at a time in the order asked for. */
  private readonly bigLoads = new KeyedQueue<'big'>();
  /** Big tables loading behind the reads while a kept one answers (one at a time each). */
  private readonly bigReloads = new BackgroundReloads();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly live: LiveTablesService,
  ) {}

  /** The league's kind, the viewer's membership and the standings' version; undefined for no such league. */
  viewHead(leagueId: number, viewerId: number): Promise<TableHead | undefined> {
    return selectTableHead(this.db, leagueId, viewerId);
  }

  async table(leagueId: number, viewerId: number, query: LeagueTableQuery): Promise<LeagueTableResponse> {
    const head = await selectTableHead(this.db, leagueId, viewerId);
    // A private league is for its members only: to anyone else it does not exist.
    if (!head || (head.type === 'private' && head.role === null)) throw ApiError.notFound('League not found.');
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? TABLE_DEFAULT_PAGE_SIZE;
    const period = query.period ?? 'season';

    // The league's season's gameweeks and open fixtures, kept per season and version of the fixtures' rows.
    const seasonId = head.season_id;
    const context = await this.live.contextFor(leagueId, seasonId, head.fixture_states_version);
    const gameweeks = context.tableGameweeks;
    const shown = resolvePeriod(period, gameweeks, query);
    const source: TableSource =
      period === 'season' ? { kind: 'season', seasonId: seasonId ?? 0 } : { kind: 'gameweeks', gameweekIds: shown.gameweeks.map((g) => g.id) };
    const versions = tableVersionsOf(head);
    const key = tableKey(leagueId, source);
    const big = head.member_count >= BIG_TABLE.members;
    // While a match of the period is open, its current score is in the table at once (live-tables.service.ts).
    const gameweekIds = shown.gameweeks.map((g) => g.id);
    const liveTable =
      seasonId === null || !context.open
        ? null
        : await this.live.table({ ...versions, leagueId, source, seasonId, gameweekIds, big }, { fixtures: liveFixturesOf(context.fixtures, gameweekIds) });
    const table = liveTable?.table ?? (await this.ranked(key, versions, leagueId, source, big)).table;

    const offset = pageOffset(page, pageSize);
    const pageRows = table.slice(offset, offset + pageSize);
    const found = table.memberOf(viewerId);
    const onPage = found !== undefined && found.position >= offset && found.position < offset + pageSize;
    const mine = found === undefined ? null : onPage ? pageRows[found.position - offset] : found.member;
    const ids = pageRows.map((r) => r.user_id);
    if (mine && !onPage) ids.push(mine.user_id);
    // A season table's rows say how many of their points are bonus points (a gameweek's or month's have none).
    const bonusOf = period === 'season' && seasonId !== null ? { leagueId, seasonId } : { leagueId };
    const users = new Map((await selectTableUsers(this.db, ids, bonusOf)).map((u) => [u.user_id, u]));

    const completed = shown.gameweeks.length > 0 && shown.gameweeks.every((g) => g.completed);
    const live = shown.gameweeks.some((g) => g.live);
    const toRow = (r: RankedMember): LeagueTableRow => tableRow(r, users.get(r.user_id), viewerId, completed);
    const rows = pageRows.map(toRow);
    if (mine && !onPage) rows.push(toRow(mine));
    return {
      period,
      gameweek: period === 'gameweek' ? (shown.gameweeks[0]?.number ?? null) : null,
      month: period === 'month' ? shown.month : null,
      month_gameweeks: period === 'month' ? shown.gameweeks.map((g) => g.number) : [],
      completed,
      live,
      rows,
      current_user: rows.find((r) => r.is_current_user) ?? null,
      gameweeks: gameweeks.map((g): TableGameweek => ({ number: g.number, name: roundName(g), month: g.month, completed: g.completed })),
      months: [...new Set(gameweeks.map((g) => g.month).filter((m): m is string => m !== null))].sort(),
      updated_at: latest(head.computed_at, liveTable?.scoresAt ?? null)?.toISOString() ?? null,
      ...paging(page, pageSize, table.size),
    };
  }

  /**
   * The league's live table of one gameweek of its season while one of its matches is open
   * (the picks grid's order, as the gameweek table shows it), else null: the stored order is
   * current then. `head`: the league's summary, season and the fixtures' rows' version, read by
   * the caller.
   */
  async liveGameweekTable(
    leagueId: number,
    gameweekId: number,
    head: SummaryStamps & { member_count: number | null; fixture_states_version: string; season_id: number | null },
  ): Promise<TableView | null> {
    const context = await this.live.contextFor(leagueId, head.season_id, head.fixture_states_version);
    const seasonId = head.season_id;
    if (!context.open || seasonId === null) return null;
    const live = await this.live.table(
      {
        ...tableVersionsOf(head),
        leagueId,
        source: { kind: 'gameweeks', gameweekIds: [gameweekId] },
        seasonId,
        gameweekIds: [gameweekId],
        big: (head.member_count ?? 0) >= BIG_TABLE.members,
      },
      { fixtures: liveFixturesOf(context.fixtures, [gameweekId]) },
    );
    return live?.table ?? null;
  }

  /**
   * The whole ranked table at `at`: from memory, from a load already running, or loaded now. A big
   * one kept from before joins and leaves alone answers, and a fresh one loads in the background
   * once it is due (kept-tables.ts).
   */
  private async ranked(key: string, at: TableVersions, leagueId: number, source: TableSource, big: boolean): Promise<VersionedTable> {
    const { version } = at;
    const loadNow = async (): Promise<VersionedTable> => {
      leagueTableLoads.inc({ size: big ? 'big' : 'small' });
      const table = new RankedTable(await selectRankedColumns(this.db, leagueId, source));
      return { version, recomputed: at.recomputed, loadedAt: Date.now(), table };
    };
    // Big loads run one at a time, in the order asked for; one that waited may find a newer table
    // loaded meanwhile: that one answers (it is at least as new).
    const loadTable = big ? () => this.bigLoads.run('big', async () => this.newerThan(key, version) ?? loadNow()) : loadNow;
    // No summary yet (a league never recomputed): nothing to key a copy by, so no copy.
    if (version === 0) return loadTable();
    const cached = this.tables.get(key);
    if (cached && cached.version === version) return cached;
    const kept = big ? this.bigReloads.keptAnswer(key, cached, at, () => this.load(key, version, loadTable)) : undefined;
    return kept ?? this.load(key, version, loadTable);
  }

  /** The table of `key` at `version` loaded, sharing a load already running, and kept unless a newer one is. */
  private async load(key: string, version: number, loadTable: () => Promise<VersionedTable>): Promise<VersionedTable> {
    const loadKey = `${key}@${version}`;
    const running = this.loading.get(loadKey);
    if (running) return running;
    const load = (async () => {
      const table = await loadTable();
      const current = this.tables.peek(key);
      // A slower load of an older version must not replace a newer table.
      if (!current || current.version <= version) this.tables.set(key, table);
      return table;
    })();
    this.loading.set(loadKey, load);
    try {
      return await load;
    } finally {
      this.loading.delete(loadKey);
    }
  }

  private newerThan(key: string, version: number): VersionedTable | undefined {
    const cached = this.tables.get(key);
    return cached && cached.version >= version ? cached : undefined;
  }
}

interface ShownPeriod {
  gameweeks: TableGameweekRow[];
  month: string | null;
}

/**
 * Which gameweeks the period sums. Gameweek: the one asked for, else the latest with a match
 * played, else the current (earliest not completed), else the first. Month: the gameweeks whose
 * first kick-off is in it; without one asked for, the month of that default gameweek.
 */
export function resolvePeriod(period: LeagueTableQuery['period'], gameweeks: TableGameweekRow[], query: LeagueTableQuery): ShownPeriod {
  if (period === 'season' || period === undefined) return { gameweeks, month: null };
  const fallback =
    [...gameweeks].reverse().find((g) => g.scored) ?? gameweeks.find((g) => !g.completed) ?? gameweeks[0] ?? null;
  if (period === 'gameweek') {
    const chosen = query.gameweek === undefined ? fallback : gameweeks.find((g) => g.number === query.gameweek);
    if (!chosen) throw ApiError.notFound('Gameweek not found.');
    return { gameweeks: [chosen], month: null };
  }
  const month = query.month ?? fallback?.month ?? null;
  const inMonth = gameweeks.filter((g) => g.month !== null && g.month === month);
  if (month === null || inMonth.length === 0) throw ApiError.notFound('No gameweek of the season starts in that month.');
  return { gameweeks: inMonth, month };
}

function tableRow(r: RankedMember, user: (TableUser & { bonus_points: number }) | undefined, viewerId: number, completed: boolean): LeagueTableRow {
  const fullName = user ? `${user.first_name} ${user.last_name}` : '';
  return {
    user_id: r.user_id,
    username: user?.username ?? '',
    full_name: fullName,
    team_name: user?.team ?? null,
    rank: r.rank,
    points: r.points,
    exact: r.exact,
    correct: r.correct,
    bonus_points: user?.bonus_points ?? 0,
    provisional: r.provisional,
    is_current_user: r.user_id === viewerId,
    is_winner: completed && r.rank === 1 && r.points > 0,
  };
}

/** The later of two moments (either may be missing). */
export function latest(a: Date | null, b: Date | null): Date | null {
  if (a === null || b === null) return a === null ? (b === null ? null : new Date(b)) : new Date(a);
  return new Date(Math.max(new Date(a).getTime(), new Date(b).getTime()));
}
