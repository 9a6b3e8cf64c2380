import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { Game1763800000000 } from './migrations/1763800000000-game';
import { Leagues1763900000000 } from './migrations/1763900000000-leagues';
import { Replay1764000000000 } from './migrations/1764000000000-replay';
import { Preferences1764100000000 } from './migrations/1764100000000-preferences';
import { OutboxSettlement1764200000000 } from './migrations/1764200000000-outbox-settlement';
import { RefreshTokens1764300000000 } from './migrations/1764300000000-refresh-tokens';
import { Crowd1764400000000 } from './migrations/1764400000000-crowd';
import { LeagueTables1764500000000 } from './migrations/1764500000000-league-tables';
import { RankHistory1764600000000 } from './migrations/1764600000000-rank-history';
import { DemoFans1764700000000 } from './migrations/1764700000000-demo-fans';
import { Push1764900000000 } from './migrations/1764900000000-push';
import { InvitesAndCalendar1765000000000 } from './migrations/1765000000000-invites-and-calendar';
import { DerivedRanks1765100000000 } from './migrations/1765100000000-derived-ranks';
import { FixtureScorings1765400000000 } from './migrations/1765400000000-fixture-scorings';
import { UserNameIndexes1765500000000 } from './migrations/1765500000000-user-name-indexes';
import { FixtureScoringStatus1765600000000 } from './migrations/1765600000000-fixture-scoring-status';
import { UserNamePrefixSearch1765700000000 } from './migrations/1765700000000-user-name-prefix-search';
import { GlobalLeagueVerifiedOnly1765800000000 } from './migrations/1765800000000-global-league-verified-only';
import { FixtureStatesVersion1765900000000 } from './migrations/1765900000000-fixture-states-version';
import { StandingsRecomputedAt1766000000000 } from './migrations/1766000000000-standings-recomputed-at';
import { ActivityHitsKey1766100000000 } from './migrations/1766100000000-activity-hits-key';
import { Tournaments1766200000000 } from './migrations/1766200000000-tournaments';
import { AdvancePicks1766300000000 } from './migrations/1766300000000-advance-picks';
import { LeaguesPerCompetition1766400000000 } from './migrations/1766400000000-leagues-per-competition';
import { BonusAnswers1766500000000 } from './migrations/1766500000000-bonus-answers';
import { LeagueQuestions1766600000000 } from './migrations/1766600000000-league-questions';
import { OneActiveSeasonPerCompetition1766700000000 } from './migrations/1766700000000-one-active-season-per-competition';
import { BonusPoints1766800000000 } from './migrations/1766800000000-bonus-points';
import { GoalsAndSquads1766900000000 } from './migrations/1766900000000-goals-and-squads';
import { ResultsFeed1767000000000 } from './migrations/1767000000000-results-feed';
import { OperatorAudit1767100000000 } from './migrations/1767100000000-operator-audit';
import { SeasonShift1767200000000 } from './migrations/1767200000000-season-shift';
import { OutboxDeadLetters1767300000000 } from './migrations/1767300000000-outbox-dead-letters';
import { FeedSeenState1767400000000 } from './migrations/1767400000000-feed-seen-state';
import { AuditVia1767500000000 } from './migrations/1767500000000-audit-via';
import { AutomaticLeagueCompetitionNames1767600000000 } from './migrations/1767600000000-automatic-league-competition-names';
import { RankHistoryBonus1767700000000 } from './migrations/1767700000000-rank-history-bonus';

/** Every migration in order. A new migration file is added here too. */
export const ALL_MIGRATIONS = [
  Foundation1763700000000,
  Game1763800000000,
  Leagues1763900000000,
  Replay1764000000000,
  Preferences1764100000000,
  OutboxSettlement1764200000000,
  RefreshTokens1764300000000,
  Crowd1764400000000,
  LeagueTables1764500000000,
  RankHistory1764600000000,
  DemoFans1764700000000,
  Push1764900000000,
  InvitesAndCalendar1765000000000,
  DerivedRanks1765100000000,
  FixtureScorings1765400000000,
  UserNameIndexes1765500000000,
  FixtureScoringStatus1765600000000,
  UserNamePrefixSearch1765700000000,
  GlobalLeagueVerifiedOnly1765800000000,
  FixtureStatesVersion1765900000000,
  StandingsRecomputedAt1766000000000,
  ActivityHitsKey1766100000000,
  Tournaments1766200000000,
  AdvancePicks1766300000000,
  LeaguesPerCompetition1766400000000,
  BonusAnswers1766500000000,
  LeagueQuestions1766600000000,
  OneActiveSeasonPerCompetition1766700000000,
  BonusPoints1766800000000,
  GoalsAndSquads1766900000000,
  ResultsFeed1767000000000,
  OperatorAudit1767100000000,
  SeasonShift1767200000000,
  OutboxDeadLetters1767300000000,
  FeedSeenState1767400000000,
  AuditVia1767500000000,
  AutomaticLeagueCompetitionNames1767600000000,
  RankHistoryBonus1767700000000,
];
