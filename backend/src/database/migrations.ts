import { Foundation1763700000000 } from './migrations/1763700000000-foundation';

/** Every migration in order. A new migration file is added here too. */
export const ALL_MIGRATIONS = [Foundation1763700000000];
