import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type LeagueRole = 'owner' | 'member';

@Entity({ name: 'league_members' })
export class LeagueMember {
  @PrimaryColumn({ name: 'league_id', type: 'int' })
  leagueId: number;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16, default: 'member' })
  role: LeagueRole;

  @CreateDateColumn({ name: 'joined_at', type: 'timestamptz' })
  joinedAt: Date;
}
