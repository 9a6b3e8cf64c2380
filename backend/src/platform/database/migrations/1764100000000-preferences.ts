import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A user's settings, kept on the server so they follow the user from device to device. No row
 * means every default (see contracts/src/api/preferences.ts). The notification switches decide
 * which emails the workers send.
 */
export class Preferences1764100000000 implements MigrationInterface {
  name = 'Preferences1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_preferences (
        user_id int PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        theme varchar(5) NOT NULL DEFAULT 'dark' CHECK (theme IN ('dark', 'light', 'auto')),
        language varchar(2) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fr', 'de')),
        timezone varchar(5) NOT NULL DEFAULT 'local' CHECK (timezone IN ('local', 'UTC', 'GMT', 'EST', 'PST')),
        notify_gameweek_deadlines boolean NOT NULL DEFAULT true,
        notify_league_updates boolean NOT NULL DEFAULT true,
        notify_match_results boolean NOT NULL DEFAULT false,
        notify_weekly_digest boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Each notification email is sent once per user and subject (a gameweek, a join request…),
    // however often the job that finds it runs.
    await q.query(`
      CREATE TABLE notification_deliveries (
        user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(40) NOT NULL,
        subject_key varchar(80) NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind, subject_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS notification_deliveries`);
    await q.query(`DROP TABLE IF EXISTS user_preferences`);
  }
}
