import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Competition } from './competition.entity';

@Entity({ name: 'clubs' })
export class Club {
  @PrimaryGeneratedColumn()
  id: number;

  /** Exactly as openfootball spells it, so match files link to clubs by name. */
  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  @Column({ name: 'short_name', type: 'varchar', length: 40 })
  shortName: string;

  @Column({ name: 'competition_id', type: 'int', nullable: true })
  competitionId: number | null;

  @ManyToOne(() => Competition, { nullable: true })
  @JoinColumn({ name: 'competition_id' })
  competition: Competition | null;

  @Column({ name: 'country_id', type: 'int', nullable: true })
  countryId: number | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  logo: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city: string | null;

  @Column({ name: 'alternate_names', type: 'text', array: true, default: () => "'{}'" })
  alternateNames: string[];
}
