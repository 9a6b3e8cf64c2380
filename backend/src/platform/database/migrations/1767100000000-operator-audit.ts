import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator console (issue 35): what operators did, and what the console's health page reads
 * that was only logged or counted per process before.
 * - `operator_audit`: one row per operator action (and per change the results feed made), written
 *   in the action's own transaction (backend/src/audit): who, when, what, and the target before
 *   and after. An operator's account may go; their rows stay, without a name.
 * - `reconciler_reports`: the reconciler's latest passes, written by the pass itself (the newest
 *   hundred are kept), so every replica's passes are seen wherever the console is asked.
 * - `delivery_counts`: emails and pushes sent and failed per hour, counted by their senders in
 *   whichever worker sent them (a process's own metrics see only that process).
 */
export class OperatorAudit1767100000000 implements MigrationInterface {
  name = 'OperatorAudit1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE operator_audit (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_user_id int REFERENCES users(id) ON DELETE SET NULL,
        action text NOT NULL CHECK (btrim(action) <> ''),
        target text NOT NULL,
        before jsonb,
        after jsonb
      )`);
    // Account deletion sets a departed operator's rows to no one.
    await q.query(`CREATE INDEX operator_audit_actor_idx ON operator_audit (actor_user_id) WHERE actor_user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE reconciler_reports (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        repaired int NOT NULL CHECK (repaired >= 0),
        summary text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE delivery_counts (
        channel varchar(8) NOT NULL CHECK (channel IN ('mail', 'push')),
        hour timestamptz NOT NULL,
        sent int NOT NULL DEFAULT 0 CHECK (sent >= 0),
        failed int NOT NULL DEFAULT 0 CHECK (failed >= 0),
        PRIMARY KEY (channel, hour)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS delivery_counts`);
    await q.query(`DROP TABLE IF EXISTS reconciler_reports`);
    await q.query(`DROP TABLE IF EXISTS operator_audit`);
  }
}
