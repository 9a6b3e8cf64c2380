import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { KeyedQueue } from '../platform/common/keyed-queue';
import { warnUnlessOutage } from '../platform/common/outage';
import { LRUCache } from 'lru-cache';
import { liveTableBaseLoads } from '../platform/metrics/metrics';
import { versionedGet, type Versioned } from '../platform/common/lru';
import { tableKey, type TableSource } from './league-tables.queries';
import { ordered, picksByUser, sameContribution, type OrderedBase, type FixtureMove, type FixturePicks, type FixtureScoreState } from './live-table';
import { liveRanking } from './live-ranking';
import { selectFixturePicks, selectLiveBase, type LiveBaseRows, type OpenFixtureRow, type OpenFixtures } from './live-tables.queries';
import type { TableView } from './ranked-table';
import { LiveContextService, type LiveContext } from './live-context.service';
import { BackgroundReloads, keptTableUse } from './kept-tables';

/** A table's base (live-table.ts), as loaded at one version of the league's standings, in table order once. */
interface LiveBase extends Omit<LiveBaseRows, 'columns'> {
  columns: OrderedBase;
  leagueId: number;
  version: number;
  /** The standings' last recompute (ms) at the load, and when it loaded (ms): see kept-tables.ts. */
  recomputed: number;
  loadedAt: number;
  /** Tells bases apart in the signature of a live table made from one. */
  serial: number;
}

/** A live table: made from a base and the open fixtures' states (its signature). */
interface LiveAnswer {
  /** The base's serial. */
  serial: number;
  signature: string;
  table: TableView;
  /** When the newest score it applies was recorded (null: none moved since the base). */
  scoresAt: Date | null;
}

/** Which table: a league over a period of the season, at a version of its standings. */
export interface LiveTableRequest {
  /** The standings' version (computed_at, ms): a newer one reloads the base in the background. */
  version: number;
  /** The standings' last recompute (recomputed_at, ms): a big base that misses only joins and leaves reloads at most every BIG_TABLE_MEMBERS_RELOAD. */
  recomputed: number;
  leagueId: number;
  source: TableSource;
  seasonId: number;
  /** The source's gameweeks. */
  gameweekIds: number[];
  /** Loads one at a time (BIG_TABLE). */
  big: boolean;
}

/**
 * How many members' lines the bases, and the answers, may hold (each: a 1M league's base is ~24 MB
 * with its user index, its answer ~5 MB: a run number and a place a member). The least recently read go first, weighed by their members: a million-member
 * league read every second stays while the private leagues of a match day come and go around it
 * (kept by count and in load order, 24 small loads evicted it, and its next read reloaded a
 * million rows). The budget holds the bench's five league kinds with their gameweek and month tables.
 */
const MEMBERS_KEPT = 5_000_000;
/** What one entry weighs beyond its members, in members: at most MEMBERS_KEPT / ENTRY_WEIGHT small leagues are kept. */
const ENTRY_WEIGHT = 1_000;
/** The live contexts' `since` is rounded down to this (µs): see contextFor. */
const SINCE_BUCKET_US = 3_600_000_000n;
/** How soon a base that found a scorer writing is tried again. */
const RETRY_MS = 200;
/** A fixture's picks are fixed once it kicks off: kept per fixture and kick-off time. */
const PICKS_KEPT = 64;

/**
 * Tables while matches are open: a goal is in every rank as soon as it is recorded, where the
 * stored path waits for the scorer and the recomputes (tens of seconds for a million fans). The
 * base of each table (league and period) is loaded once and again when the league's standings
 * move on (in the background: the old base answers meanwhile, exactly, since it knows the
 * states it holds); each read applies what the open fixtures' current scores change and ranks in
 * JS, once per new state. Without an open fixture the caller reads the stored tables.
 */
@Injectable()
export class LiveTablesService {
  private readonly logger = new Logger(LiveTablesService.name);
  private readonly bases = new LRUCache<string, LiveBase>({
    maxSize: MEMBERS_KEPT,
    sizeCalculation: (base) => ENTRY_WEIGHT + base.columns.user_ids.length,
    // Every base that leaves (evicted, replaced, over the whole budget) leaves its league's keys.
    dispose: (base, key) => this.basesOfLeague(base.leagueId, (keys) => keys.delete(key)),
  });
  /** The keys of each league's bases (contextFor asks for a league's oldest). */
  private readonly leagueBases = new Map<number, Set<string>>();
  private readonly baseLoads = new Map<string, Promise<LiveBase | null>>();
  /** Big tables' bases reloading behind the reads (one at a time each). */
  private readonly bigReloads = new BackgroundReloads();
  /** When a base of the key last found a scorer writing. */
  private readonly lockMissedAt = new Map<string, number>();
  private readonly answers = new LRUCache<string, LiveAnswer>({ maxSize: MEMBERS_KEPT, sizeCalculation: (answer) => ENTRY_WEIGHT + answer.table.size });
  private readonly computing = new Map<string, Promise<LiveAnswer>>();
  private readonly picks = new LRUCache<number, Versioned<FixturePicks>>({ max: PICKS_KEPT });
  /** Big bases load one at a time (memory: see LeagueTablesService's BIG_TABLE). */
  private readonly bigLoads = new KeyedQueue<'big'>();
  private serial = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly contexts: LiveContextService,
  ) {}

  /**
   * The live table of a league over a source (tableKey) at the standings' `version`, or null when none
   * of the source's fixtures is open (the stored table is the live one then; `evenIfClosed`
   * answers anyway, for a caller that needs this period beside an open one) or no base can be
   * read yet. `fixtures`: the source's open fixtures, from the caller's LiveContext (contextFor(league)).
   */
  async table(
    request: LiveTableRequest,
    options: { evenIfClosed?: boolean; fixtures: OpenFixtures },
  ): Promise<{ table: TableView; scoresAt: Date | null; signature: string } | null> {
    const { version } = request;
    const key = tableKey(request.leagueId, request.source);
    let base = this.bases.get(key);
    const { fixtures, fixture_count } = options.fixtures;
    // Nothing open: the stored table is the live one (the base is kept for the next goal or correction).
    if (!fixtures.some((f) => f.open) && options.evenIfClosed !== true) return null;
    // A base knows the state every fixture of the source had been scored at. One from before a
    // fixture was added needs replacing first; one is read only while no scorer of the season
    // writes, and until it can be, the stored table answers (as it would without live tables).
    if (!base || base.states.size !== fixture_count) {
      const loaded = await this.loadBase(request);
      if (!loaded) return null;
      base = loaded;
    } else if (base.version !== version) {
      // The standings moved on (joins, leaves, the scorer's writes): a fresher base, in the
      // background, while this one answers every score exactly. A big one reloads one at a time,
      // and for joins and leaves alone only once it is due (kept-tables.ts).
      const failed = (error: unknown) => warnUnlessOutage(this.logger, error, `live table ${key}: base reload failed: ${String(error)}`);
      if (!request.big) void this.loadBase(request).catch(failed);
      else if (keptTableUse(base, request, Date.now()).reload) this.bigReloads.start(key, () => this.loadBase(request), failed);
    }
    // A match under way has final picks: fetched before its first goal needs them.
    for (const fixture of fixtures) {
      if (fixture.open && fixture.kickoff_at.getTime() <= Date.now()) {
        this.picksOf(fixture).catch((error: unknown) => warnUnlessOutage(this.logger, error, `picks of fixture ${fixture.id}: ${String(error)}`));
      }
    }
    // Every fixture not answered is as it was at the load (neither open nor changed), so as scored then.
    const moved: { fixture: OpenFixtureRow; from: FixtureScoreState | null; to: FixtureScoreState }[] = [];
    for (const fixture of fixtures) {
      const from = base.states.get(fixture.id) ?? null;
      const to: FixtureScoreState = { status: fixture.status, home: fixture.home_score, away: fixture.away_score };
      if (!sameContribution(from, to)) moved.push({ fixture, from, to });
    }
    const signature = `${base.serial}|${moved.map((m) => `${m.fixture.id}:${m.to.status}:${m.to.home}:${m.to.away}`).join(',')}`;
    const kept = this.answers.get(key);
    if (kept && kept.signature === signature) return kept;
    // Concurrent reads of one new state share its computation.
    const computeKey = `${key}|${signature}`;
    let computing = this.computing.get(computeKey);
    if (!computing) {
      const from = base;
      computing = (async () => {
        const moves: FixtureMove[] = await Promise.all(moved.map(async (m) => ({ from: m.from, to: m.to, picks: await this.picksOf(m.fixture) })));
        const scoresAt = moved.reduce<Date | null>((at, m) => (at === null || m.fixture.updated_at > at ? m.fixture.updated_at : at), null);
        const answer: LiveAnswer = { serial: from.serial, signature, table: liveRanking(from.columns, moves), scoresAt };
        const current = this.answers.peek(key);
        // An answer from an older base must not replace a newer one's.
        if (!current || current.serial <= from.serial) this.answers.set(key, answer);
        return answer;
      })().finally(() => this.computing.delete(computeKey));
      this.computing.set(computeKey, computing);
    }
    return computing;
  }

  /**
   * The live context a read of the league's tables goes by: its season's at the fixtures' rows'
   * `version`, both
   * read by the caller with its head; its open fixtures go back to the oldest load among the
   * league's bases.
   */
  contextFor(leagueId: number, seasonId: number | null, version: string): Promise<LiveContext> {
    let oldest: bigint | null = null;
    for (const key of this.leagueBases.get(leagueId) ?? []) {
      const base = this.bases.peek(key);
      if (base && (oldest === null || BigInt(base.loaded_at) < oldest)) oldest = BigInt(base.loaded_at);
    }
    // Rounded down to the hour: a context read for an earlier moment serves every later one (it
    // lists a few more fixtures, each compared with the base's own state, so unmoved ones count
    // nothing), and the bases of thousands of leagues, loaded at as many moments, share a handful
    // of contexts instead of one each, which would be a context read per league read.
    return this.contexts.at(version, oldest === null ? null : String((oldest / SINCE_BUCKET_US) * SINCE_BUCKET_US), seasonId);
  }

  private basesOfLeague(leagueId: number, change: (keys: Set<string>) => void): void {
    const keys = this.leagueBases.get(leagueId) ?? new Set<string>();
    change(keys);
    if (keys.size === 0) this.leagueBases.delete(leagueId);
    else this.leagueBases.set(leagueId, keys);
  }

  private picksOf(fixture: OpenFixtureRow): Promise<FixturePicks> {
    return versionedGet(this.picks, fixture.id, String(new Date(fixture.kickoff_at).getTime()), async () => {
      const { user_ids, codes } = await selectFixturePicks(this.db, fixture.id);
      return picksByUser(user_ids, codes);
    });
  }

  private loadBase({ version, recomputed, leagueId, source, seasonId, gameweekIds, big }: LiveTableRequest): Promise<LiveBase | null> {
    const key = tableKey(leagueId, source);
    const loadKey = `${key}@${version}`;
    const running = this.baseLoads.get(loadKey);
    if (running) return running;
    // While a scorer holds the lock (~13 s for a 1M fixture) every read would try again: once per RETRY_MS is enough.
    if (Date.now() - (this.lockMissedAt.get(key) ?? 0) < RETRY_MS) return Promise.resolve(null);
    const loadNow = async (): Promise<LiveBase | null> => {
      const rows = await selectLiveBase(this.db, leagueId, source, seasonId, gameweekIds);
      if (!rows) {
        this.lockMissedAt.set(key, Date.now());
        return null;
      }
      this.lockMissedAt.delete(key);
      liveTableBaseLoads.inc({ size: big ? 'big' : 'small' });
      const base: LiveBase = { ...rows, columns: ordered(rows.columns), leagueId, version, recomputed, loadedAt: Date.now(), serial: ++this.serial };
      const current = this.bases.peek(key);
      // A slower load of an older version must not replace a newer base.
      if (!current || current.version <= version) {
        this.bases.set(key, base);
        this.basesOfLeague(leagueId, (keys) => keys.add(key));
      }
      return base;
    };
    const load = (big ? this.bigLoads.run('big', loadNow) : loadNow()).finally(() => this.baseLoads.delete(loadKey));
    this.baseLoads.set(loadKey, load);
    return load;
  }
}
