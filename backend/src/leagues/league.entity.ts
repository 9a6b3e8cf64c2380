import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

import type { LeagueKind } from '../../../contracts/src/api/leagues';

export type LeagueType = LeagueKind;

@Entity({ name: 'leagues' })
export class League {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500, default: '' })
  description: string;

  @Column({ type: 'varchar', length: 16 })
  type: LeagueType;

  /** Invite code of a private league: 8 characters of an unambiguous uppercase alphabet. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  code: string | null;

  @Column({ name: 'max_members', type: 'int', nullable: true })
  maxMembers: number | null;

  @Column({ name: 'owner_id', type: 'int', nullable: true })
  ownerId: number | null;

  @Column({ name: 'country_id', type: 'int', nullable: true })
  countryId: number | null;

  @Column({ name: 'club_id', type: 'int', nullable: true })
  clubId: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
