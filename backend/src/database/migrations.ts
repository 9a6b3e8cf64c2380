import { Foundation1763700000000 } from './migrations/1763700000000-foundation';
import { Game1763800000000 } from './migrations/1763800000000-game';
import { Leagues1763900000000 } from './migrations/1763900000000-leagues';
import { Replay1764000000000 } from './migrations/1764000000000-replay';
import { Preferences1764100000000 } from './migrations/1764100000000-preferences';
import { OutboxSettlement1764200000000 } from './migrations/1764200000000-outbox-settlement';
import { RefreshTokens1764300000000 } from './migrations/1764300000000-refresh-tokens';

/** Every migration in order. A new migration file is added here too. */
export const ALL_MIGRATIONS = [
  Foundation1763700000000,
  Game1763800000000,
  Leagues1763900000000,
  Replay1764000000000,
  Preferences1764100000000,
  OutboxSettlement1764200000000,
  RefreshTokens1764300000000,
];
