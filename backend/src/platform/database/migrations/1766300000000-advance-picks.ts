import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A fan's "who goes through" pick of a knockout match: a side of THAT fixture ('home' | 'away'),
 * NULL when none. Only a fixture that carries the pick takes one (a single knockout match, or the
 * second leg of a two-legged tie: hasAdvancePick in contracts/src/game/knockout.ts); the save
 * refuses it elsewhere. A nullable column without a default: adding it rewrites no row.
 */
export class AdvancePicks1766300000000 implements MigrationInterface {
  name = 'AdvancePicks1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE predictions ADD COLUMN advance varchar(4) CHECK (advance IN ('home', 'away'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE predictions DROP COLUMN advance`);
  }
}
