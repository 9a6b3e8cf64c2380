import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DomainEventMap } from '@scoreline/contracts/events';
import {
  DISCOVER_DEFAULT_PAGE_SIZE,
  DiscoverLeaguesPage,
  League,
  LEAGUE_MAX_MEMBERS_MAX,
  LeaguesOverview,
  LeagueStats,
  OverviewLeagueEntry,
  RegenerateCodeResult,
} from '@scoreline/contracts/api/leagues';
import { ApiError } from '../platform/common/api-error';
import { OutboxService } from '../platform/outbox/outbox.service';
import { SeasonsService } from '../seasons/seasons.service';
import { KeyRanksService } from '../standings/key-ranks.service';
import { LeaderboardService } from '../standings/leaderboard.service';
import { SeasonContextService } from '../standings/season-context.service';
import { CreateLeagueDto, DiscoverQueryDto } from './dto/leagues.dto';
import { generateInviteCode, normalizeInviteCode } from './invite-code';
import { retireInviteCode } from './invite-links.queries';
import { LeagueAccessService, toLeague } from './league-access.service';
import {
  countPublicLeagues,
  insertLeagueUnlessCodeTaken,
  isInviteCodeTaken,
  lockLeague,
  lockLeagueCreation,
  lockLeaguesOfUser,
  type LeagueRow,
  selectLeaguesOfMember,
  selectOwnedLeagueIds,
  selectOwnedLeagueNamed,
  selectPublicLeaguesPage,
  updateInviteCode,
} from './leagues.queries';
import { deleteMember, deleteMemberReturningName, deleteMembershipsOfUser, insertOwnerMember } from './league-members.queries';
import { passOwnershipOrDelete } from './ownership';
import { containsPattern } from '../platform/common/sql-like';
import { pageOffset, paging } from '../platform/common/pagination';

/** Namespace of the per-owner advisory lock held while a league is created. */
const LEAGUE_CREATE_LOCK = 7_303;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Leagues: the hub overview, creation, detail, discovery, leaving and the owner's tools. */
@Injectable()
export class LeaguesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly access: LeagueAccessService,
    private readonly outbox: OutboxService,
    private readonly seasons: SeasonContextService,
    private readonly standings: LeaderboardService,
    private readonly keyRanks: KeyRanksService,
    private readonly calendar: SeasonsService,
  ) {}

  /** The hub: every league of the user, or a competition's (404 when it is not being played). */
  async overview(userId: number, competition?: string): Promise<LeaguesOverview> {
    if (competition !== undefined) await this.calendar.seasonForRequest(competition, userId);
    const rows = await selectLeaguesOfMember(this.db, userId, competition ?? null);
    // While a match is open the ranks are the live tables' (as each league's leaderboard shows them);
    // between matches the stored table's, from its histogram as kept per version.
    const [live, stored] = await Promise.all([
      this.standings.liveStandingsOfEach(rows.map((r) => r.id)),
      Promise.all(
        rows.map(async (r) =>
          r.my_points === null ? null : (await this.keyRanks.ranksAt(r.id, r.table_version)).rankOf({ points: r.my_points, exact: r.my_exact ?? 0, correct: r.my_correct ?? 0 }),
        ),
      ),
    ]);
    const entries = rows.map((r, i) => ({ row: r, league: toLeague(r, userId), rank: live.get(r.id)?.lineOf(userId)?.rank ?? stored[i] }));
    // A fan in two competitions has two global (country, club) leagues: the hub's are the current
    // competition's (seasonForRequest's default), asked only then.
    const several = ['global', 'country', 'club'].some((type) => new Set(rows.filter((r) => r.type === type).map((r) => r.competition_code)).size > 1);
    const current = competition ?? (several ? (await this.calendar.seasonForRequestOrNone(undefined, userId))?.league_code : undefined);
    const one = (type: string) =>
      entries.find((e) => e.row.type === type && (current === undefined || e.row.competition_code === current)) ?? entries.find((e) => e.row.type === type) ?? null;
    const rankText = (rank: number | null, members: number) =>
      rank === null ? 'Your rank appears once the table is computed.' : `You are ranked #${rank} of ${members}.`;
    const list = (type: 'private' | 'public'): OverviewLeagueEntry[] =>
      entries.filter((e) => e.row.type === type).map((e) => ({ league: e.league, role: e.row.role!, rank: e.rank }));
    const global = one('global');
    const country = one('country');
    const club = one('club');
    const privates = list('private');
    const publics = list('public');
    return {
      global_league: {
        league: global?.league ?? null,
        rank: global?.rank ?? null,
        message: global ? rankText(global.rank, global.league.member_count) : 'You join the Global League when you finish onboarding.',
      },
      country_league: {
        league: country?.league ?? null,
        country_name: country?.row.country_name ?? null,
        country_flag: country?.row.country_flag ?? null,
        rank: country?.rank ?? null,
        message: country ? rankText(country.rank, country.league.member_count) : 'Choose your country in settings to join its league.',
      },
      club_league: {
        league: club?.league ?? null,
        club_name: club?.row.club_name ?? null,
        club_logo: club?.row.club_logo ?? null,
        rank: club?.rank ?? null,
        message: club ? rankText(club.rank, club.league.member_count) : 'Choose your favourite club in settings to join its fans league.',
      },
      private_leagues: {
        count: privates.length,
        leagues: privates,
        message:
          privates.length === 0
            ? 'You are not in any private league yet. Create one or join with an invite code.'
            : `You are in ${plural(privates.length, 'private league')}.`,
      },
      public_leagues: {
        count: publics.length,
        leagues: publics,
        message:
          publics.length === 0 ? 'You are not in any public league yet. Discover one or create your own.' : `You are in ${plural(publics.length, 'public league')}.`,
      },
      total_leagues: { count: entries.length, message: `You are in ${plural(entries.length, 'league')}.` },
    };
  }

  async create(userId: number, dto: CreateLeagueDto): Promise<League> {
    if (dto.type === 'public' && dto.max_members !== undefined) {
      throw ApiError.field('max_members', 'Max members applies to private leagues only.');
    }
    const leagueId = await this.db.transaction(async (tx) => {
      // One creation per owner at a time, so a double-click cannot make two leagues of one name.
      await lockLeagueCreation(tx, LEAGUE_CREATE_LOCK, userId);
      const sameName = await selectOwnedLeagueNamed(tx, userId, dto.name);
      if (sameName !== null) {
        throw ApiError.conflict(`You already own a league called ${sameName}.`, { name: ['You already own a league with this name.'] });
      }
      const maxMembers = dto.type === 'private' ? (dto.max_members ?? LEAGUE_MAX_MEMBERS_MAX) : null;
      // A league plays the competition named (being played, else 404), else the fan's current one
      // (seasonForRequest's default), else the home competition while none is being played.
      const competitionCode =
        (await this.calendar.seasonForRequestOrNone(dto.competition, userId, tx))?.league_code ?? (await this.calendar.activeCompetitionCode(tx));
      const id = await this.insertLeague(tx, userId, dto, maxMembers, competitionCode);
      await insertOwnerMember(tx, id, userId);
      await this.outbox.publish(tx, 'member.joined', { leagueId: id, userId, leagueType: dto.type, via: 'create' });
      return id;
    });
    return this.detail(leagueId, userId);
  }

  async detail(leagueId: number, userId: number): Promise<League> {
    return toLeague(await this.access.visible(leagueId, userId), userId);
  }

  async discover(userId: number, query: DiscoverQueryDto): Promise<DiscoverLeaguesPage> {
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DISCOVER_DEFAULT_PAGE_SIZE;
    const search = containsPattern(query.search);
    // Only a competition being played (404 otherwise); none named: every competition's leagues.
    const competition = query.competition === undefined ? null : (await this.calendar.seasonForRequest(query.competition, userId)).league_code;
    const rows = await selectPublicLeaguesPage(this.db, userId, search, pageSize, pageOffset(page, pageSize), competition);
    const total = rows[0]?.total ?? (await countPublicLeagues(this.db, search, competition));
    return {
      leagues: rows.map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        member_count: r.member_count,
        owner_name: r.owner_name,
        created_at: new Date(r.created_at).toISOString(),
        is_member: r.is_member,
      })),
      ...paging(page, pageSize, total),
    };
  }

  /**
   * Leave a private or public league. When the owner leaves, ownership passes to the member who
   * joined earliest; a league left by its last member is deleted.
   */
  async leave(leagueId: number, userId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const league = await this.lockVisible(tx, leagueId, userId);
      if (league.type !== 'private' && league.type !== 'public') {
        throw ApiError.badRequest('Membership of the global, country and club leagues follows your preferences; change your country or club in settings.');
      }
      if (league.role === null) throw ApiError.conflict('You are not a member of this league.');
      await deleteMember(tx, leagueId, userId);
      await this.outbox.publish(tx, 'member.left', { leagueId, userId, leagueType: league.type, via: 'left' });
      if (league.owner_id !== userId) return `You left ${league.name}.`;
      return (await passOwnershipOrDelete(tx, leagueId)) === 'deleted'
        ? `You left ${league.name}. It had no other members, so it was deleted.`
        : `You left ${league.name}. Ownership passed to its longest-standing member.`;
    });
  }

  /**
   * Account deletion, first step: the leagues the user owns or is in, locked in id order (as
   * leaving and approving lock them: no deadlock with either).
   */
  lockLeaguesOfUser(tx: EntityManager, userId: number): Promise<void> {
    return lockLeaguesOfUser(tx, userId);
  }

  /**
   * Account deletion (the leagues locked by lockLeaguesOfUser): the user leaves every league; the
   * private and public leagues they own pass to their longest-standing member or are deleted
   * when nobody is left. A `member.left` per league still there, the same event as leaving one:
   * the standings worker drops the row and re-ranks the others.
   */
  async leaveAll(tx: EntityManager, userId: number): Promise<void> {
    const left = await deleteMembershipsOfUser(tx, userId);
    const deleted = new Set<number>();
    for (const id of await selectOwnedLeagueIds(tx, userId)) {
      if ((await passOwnershipOrDelete(tx, id)) === 'deleted') deleted.add(id);
    }
    const events: DomainEventMap['member.left'][] = left
      .filter((row) => !deleted.has(row.league_id))
      .map((row) => ({ leagueId: row.league_id, userId, leagueType: row.type, via: 'left' }));
    await this.outbox.publishMany(tx, 'member.left', events);
  }

  /**
   * A new invite code; the old one is kept as replaced, so its link says so. `replaces`: the code
   * the owner saw; if another request already replaced it (double click, two tabs), that newer
   * code is answered and nothing rotates twice.
   */
  async regenerateCode(leagueId: number, userId: number, replaces?: string): Promise<RegenerateCodeResult & { rotated: boolean }> {
    return this.db.transaction(async (tx) => {
      const league = await this.lockVisible(tx, leagueId, userId);
      if (league.owner_id !== userId || league.role === null) throw ApiError.forbidden('Only the league owner can regenerate the invite code.');
      if (league.type !== 'private') throw ApiError.badRequest('Only private leagues have an invite code.');
      if (replaces !== undefined && league.code !== null && normalizeInviteCode(replaces) !== league.code) return { code: league.code, rotated: false };
      const code = await this.unusedCode(tx);
      await updateInviteCode(tx, leagueId, code);
      if (league.code !== null) await retireInviteCode(tx, leagueId, league.code);
      return { code, rotated: true };
    });
  }

  async removeMember(leagueId: number, ownerId: number, memberId: number): Promise<string> {
    return this.db.transaction(async (tx) => {
      const league = await this.lockVisible(tx, leagueId, ownerId);
      if (league.owner_id !== ownerId || league.role === null) throw ApiError.forbidden('Only the league owner can remove members.');
      if (league.type !== 'private' && league.type !== 'public') throw ApiError.badRequest('Members of automatic leagues cannot be removed.');
      if (memberId === ownerId) throw ApiError.badRequest('You cannot remove yourself; leave the league instead.');
      const removed = await deleteMemberReturningName(tx, leagueId, memberId);
      if (removed === null) throw ApiError.notFound('That user is not a member of this league.');
      await this.outbox.publish(tx, 'member.left', { leagueId, userId: memberId, leagueType: league.type, via: 'removed' });
      return `${removed.first_name} ${removed.last_name} was removed from ${league.name}.`;
    });
  }

  async stats(leagueId: number, userId: number): Promise<LeagueStats> {
    const league = await this.access.visible(leagueId, userId);
    const ctx = await this.seasons.load(league.season_id);
    const current = ctx?.current ?? null;
    const [leading, names] = await Promise.all([
      this.standings.leadingScore(leagueId),
      // "Round of 32" for a tournament's round, "Gameweek 12" for a league's matchday.
      current && ctx ? this.calendar.roundNames(ctx.seasonId) : null,
    ]);
    const total = ctx?.gameweeks.length ?? 0;
    const completed = ctx?.gameweeks.filter((g) => g.completed).length ?? 0;
    return {
      total_members: league.member_count,
      current_gameweek: current?.number ?? null,
      current_gameweek_name: current ? (names?.get(current.id) ?? null) : null,
      total_gameweeks: total,
      leading_score: leading ?? 0,
      season_progress_percent: total > 0 ? Math.round((completed / total) * 100) : 0,
    };
  }

  /** The league locked for a membership change, as the viewer may see it (404 otherwise). */
  private async lockVisible(tx: EntityManager, leagueId: number, userId: number): Promise<LeagueRow> {
    await lockLeague(tx, leagueId);
    return this.access.visible(leagueId, userId, tx);
  }

  /**
   * Inserts the league; a private one gets a fresh invite code. Two creations may draw the same
   * code at once: the unique index decides (ON CONFLICT DO NOTHING) and the loser draws again.
   */
  private async insertLeague(tx: EntityManager, userId: number, dto: CreateLeagueDto, maxMembers: number | null, competitionCode: string): Promise<number> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = dto.type === 'private' ? generateInviteCode() : null;
      const id = await insertLeagueUnlessCodeTaken(tx, {
        competitionCode,
        name: dto.name,
        description: dto.description ?? '',
        type: dto.type,
        code,
        maxMembers,
        ownerId: userId,
      });
      if (id !== null) return id;
    }
    throw new Error('Could not find an unused invite code');
  }

  /** A code no league has; regenerating holds the league's lock, and the unique index has the last word. */
  private async unusedCode(tx: EntityManager): Promise<string> {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const code = generateInviteCode();
      if (!(await isInviteCodeTaken(tx, code))) return code;
    }
    throw new Error('Could not find an unused invite code');
  }
}
