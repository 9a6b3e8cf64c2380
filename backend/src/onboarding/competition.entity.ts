import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A real-world football league a club plays in (en.1 English Premier League, ...). */
@Entity({ name: 'competitions' })
export class Competition {
  @PrimaryGeneratedColumn()
  id: number;

  /** openfootball's league code, e.g. `en.1`. */
  @Column({ type: 'varchar', length: 16, unique: true })
  code: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;
}
