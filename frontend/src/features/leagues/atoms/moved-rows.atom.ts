import { atom } from 'jotai';

export type RowMovement = 'up' | 'down';

/**
 * Leaderboard rows that just moved after a live update, keyed `${leagueId}:${userId}`; the
 * table highlights them briefly. Written by the live listener, cleared after a moment.
 */
export const movedRowsAtom = atom<Readonly<Record<string, RowMovement>>>({});

export const movedRowKey = (leagueId: number, userId: number) => `${leagueId}:${userId}`;
