/** The five kinds of league. */
export type LeagueKind = 'global' | 'country' | 'club' | 'private' | 'public';
