import { PositiveIntPipe } from '../platform/common/positive-int.pipe';

export const LEAGUE_NOT_FOUND = 'League not found.';
/** League and member ids in the path: anything that cannot be an id is simply not found. */
export const leagueIdPipe = new PositiveIntPipe(LEAGUE_NOT_FOUND);
export const userIdPipe = new PositiveIntPipe('That user is not a member of this league.');
