/**
 * From this many members a league is big. Its stats and member count may be a few seconds old
 * (counting a million members costs ~80 ms, more than the rest of a members page; a small league
 * counts afresh on every request: its owner expects a new member at once), and its table is
 * pushed at each goal, not after each stored recompute (see LiveEventsService). Tests lower it.
 * In common/: leagues, standings, activity and live all size their work by it.
 */
export const BIG_LEAGUE = { members: 1_000 };
