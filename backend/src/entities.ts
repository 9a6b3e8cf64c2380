import { User } from './users/user.entity';

/**
 * Every entity, listed explicitly so that src (tests) and dist (runtime) load the same set.
 * Only what a repository call uses: the rest of the schema is read and written in visible SQL
 * (each table behind its domain's service or query file), and shaped by the migrations alone.
 */
export const ALL_ENTITIES = [User];
