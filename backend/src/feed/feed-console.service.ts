import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ConsoleClub, FeedCompetitionState, FeedProblem, FeedUnmatched } from '@scoreline/contracts/api/console';
import type { Actor } from '../audit/actor';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../platform/common/api-error';
import { APP_ENV } from '../platform/config/config.module';
import type { AppEnv } from '../platform/config/env';
import { SeasonsService } from '../seasons/seasons.service';
import { FeedService } from './feed.service';
import {
  resolveUnmatched,
  selectClubName,
  selectClubsOfSeason,
  selectConsoleStates,
  selectFixtureForLink,
  selectMatchLinkOfFixture,
  selectOpenUnmatched,
  selectRecentProblems,
  selectUnmatchedCompetitions,
  selectUnmatchedDescription,
  upsertMatchLinkByOperator,
  upsertTeamLinkByOperator,
} from './feed.queries';

const RECENT_PROBLEMS = 10;

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The operator console's view of the feed (issue 35): how each competition's polling stands,
 * what could not be matched, and the operator's mappings. A mapping is stored with its audit row in
 * one transaction, resolves the unmatched rows, and takes effect at the next poll (the poller
 * reads links at every poll).
 */
@Injectable()
export class FeedConsoleService {
  private readonly logger = new Logger('FeedConsole');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly feed: FeedService,
    private readonly seasons: SeasonsService,
    private readonly audit: AuditService,
    @Inject(APP_ENV) private readonly env: AppEnv,
  ) {}

  /** Every competition being played, with its feed's state. */
  async state(): Promise<FeedCompetitionState[]> {
    const rows = await selectConsoleStates(this.db);
    const problems = await selectRecentProblems(
      this.db,
      rows.map((r) => r.competition),
      RECENT_PROBLEMS,
    );
    const recent = new Map<string, FeedProblem[]>();
    for (const p of problems) {
      const list = recent.get(p.competition) ?? [];
      list.push({ at: new Date(p.at).toISOString(), kind: p.kind, message: p.message });
      recent.set(p.competition, list);
    }
    const codes = this.feed.competitionCodes();
    return rows.map((r) => ({
      competition: r.competition,
      competition_name: r.competition_name,
      provider: this.env.feed.enabled ? this.feed.providerName : null,
      provider_code: Object.prototype.hasOwnProperty.call(codes, r.competition) ? codes[r.competition] : null,
      stand_in: this.env.feed.footballDataToken === null,
      last_poll_at: iso(r.last_poll_at),
      last_good_poll_at: iso(r.last_good_poll_at),
      stale_seconds: r.stale_seconds,
      requests_left: r.requests_left,
      next_poll_at: iso(r.next_poll_at),
      live_matches: r.live_matches,
      errors_24h: r.errors_24h,
      recent_errors: recent.get(r.competition) ?? [],
    }));
  }

  unmatched(): Promise<FeedUnmatched[]> {
    return selectOpenUnmatched(this.db);
  }

  /** The clubs or national teams of a competition's active season (404 when it is not being played). */
  async clubs(competition: string): Promise<ConsoleClub[]> {
    const season = await this.seasons.seasonForRequest(competition);
    return selectClubsOfSeason(this.db, season.id);
  }

  /** The provider's team is this club from now on; answers what is still open. */
  async linkTeam(providerTeamId: number, clubId: number, actor: Actor): Promise<FeedUnmatched[]> {
    const provider = this.feed.providerName;
    await this.db.transaction(async (tx) => {
      const club = await selectClubName(tx, clubId);
      if (club === null) throw ApiError.field('club_id', `club_id: no club or national team has id ${clubId}.`);
      const before = await upsertTeamLinkByOperator(tx, provider, providerTeamId, clubId);
      await resolveUnmatched(tx, 'team', provider, providerTeamId);
      await this.audit.record(tx, {
        actor,
        action: 'feed.team-link',
        target: await this.describedTarget(tx, 'team', provider, providerTeamId),
        before: before === null ? null : { club_id: before },
        after: { club_id: clubId, club },
      });
    });
    this.logger.log(`${provider} team ${providerTeamId} mapped to club ${clubId}`);
    return this.unmatched();
  }

  /** "football-data team 91003 (Fuggerstadt Kickers (FUG))": the id, and the provider's own name for a reader of the audit. */
  private async describedTarget(tx: EntityManager, kind: 'team' | 'match', provider: string, providerId: number): Promise<string> {
    const description = await selectUnmatchedDescription(tx, kind, provider, providerId);
    return `${provider} ${kind} ${providerId}${description === null ? '' : ` (${description})`}`;
  }

  /** The provider's match is this fixture from now on (a fixture is one provider match at most); answers what is still open. */
  async linkMatch(providerMatchId: number, fixtureId: number, actor: Actor): Promise<FeedUnmatched[]> {
    const provider = this.feed.providerName;
    await this.db.transaction(async (tx) => {
      const fixture = await selectFixtureForLink(tx, fixtureId);
      if (fixture === null) throw ApiError.field('fixture_id', `fixture_id: no fixture has id ${fixtureId}.`);
      if (!fixture.active) throw ApiError.field('fixture_id', `fixture_id: fixture ${fixtureId} is not of a season being played.`);
      // A match listed in one competition is not mapped to another's fixture.
      const listedIn = await selectUnmatchedCompetitions(tx, 'match', provider, providerMatchId);
      if (listedIn.length > 0 && !listedIn.includes(fixture.competition)) {
        throw ApiError.field('fixture_id', `fixture_id: fixture ${fixtureId} is of ${fixture.competition}, but match ${providerMatchId} is of ${listedIn.join(', ')}.`);
      }
      const taken = await selectMatchLinkOfFixture(tx, fixtureId);
      if (taken !== null && (taken.provider !== provider || taken.provider_match_id !== providerMatchId)) {
        throw ApiError.conflict(`Fixture ${fixtureId} is already ${taken.provider} match ${taken.provider_match_id}; map that one elsewhere first.`, {
          fixture_id: [`Fixture ${fixtureId} is already linked to another match.`],
        });
      }
      const before = await upsertMatchLinkByOperator(tx, provider, providerMatchId, fixtureId);
      await resolveUnmatched(tx, 'match', provider, providerMatchId);
      await this.audit.record(tx, {
        actor,
        action: 'feed.match-link',
        target: await this.describedTarget(tx, 'match', provider, providerMatchId),
        before: before === null ? null : { fixture_id: before },
        after: { fixture_id: fixtureId },
      });
    });
    this.logger.log(`${provider} match ${providerMatchId} mapped to fixture ${fixtureId}`);
    return this.unmatched();
  }
}
