import { atom } from 'jotai';

export type LiveStatus = 'offline' | 'connecting' | 'online';

/**
 * The connection state the header shows. Apart from lib/live so the header (on every page) does
 * not pull the Socket.IO client into the first download of the public pages.
 */
export const liveStatusAtom = atom<LiveStatus>('offline');
