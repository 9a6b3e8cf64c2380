import type { DataSource, EntityManager } from 'typeorm';

/** The leagues domain's data door for league_requests: asking to join a private league, and the owner's decision. */
type Queryable = DataSource | EntityManager;

export interface JoinTargetRow {
  id: number;
  name: string;
  type: 'private' | 'public';
  owner_id: number | null;
  max_members: number | null;
  member_count: number;
  is_member: boolean;
}

/** The league to join with its member count and whether the user is in it already. */
export async function selectJoinTarget(tx: EntityManager, leagueId: number, userId: number): Promise<JoinTargetRow | null> {
  const rows: JoinTargetRow[] = await tx.query(
    `SELECT l.id, l.name, l.type, l.owner_id, l.max_members,
            (SELECT count(*) FROM league_members x WHERE x.league_id = l.id)::int AS member_count,
            EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = l.id AND m.user_id = $1) AS is_member
     FROM leagues l WHERE l.id = $2`,
    [userId, leagueId],
  );
  return rows[0] ?? null;
}

/** A pending request, unless the user has one already for that league (a partial unique index decides); its id, or null. */
export async function insertPendingRequest(tx: EntityManager, leagueId: number, userId: number, message: string): Promise<number | null> {
  const inserted: { id: number }[] = await tx.query(
    `INSERT INTO league_requests (league_id, user_id, message) VALUES ($1, $2, $3)
     ON CONFLICT (league_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
    [leagueId, userId, message],
  );
  return inserted[0]?.id ?? null;
}

export interface PendingRequestRow {
  id: number;
  user_id: number;
  username: string;
  full_name: string;
  message: string;
  created_at: Date;
}

/** The league's pending requests, oldest first. */
export function selectPendingRequests(q: Queryable, leagueId: number): Promise<PendingRequestRow[]> {
  return q.query(
    `SELECT r.id, r.user_id, u.username, u.first_name || ' ' || u.last_name AS full_name, r.message, r.created_at
     FROM league_requests r JOIN users u ON u.id = r.user_id
     WHERE r.league_id = $1 AND r.status = 'pending'
     ORDER BY r.created_at, r.id`,
    [leagueId],
  );
}

/** The user's pending request to the league, locked, with their name; undefined when there is none. */
export async function lockPendingRequest(tx: EntityManager, leagueId: number, userId: number): Promise<{ id: number; full_name: string } | undefined> {
  const [request]: { id: number; full_name: string }[] = await tx.query(
    `SELECT r.id, u.first_name || ' ' || u.last_name AS full_name FROM league_requests r JOIN users u ON u.id = r.user_id
     WHERE r.league_id = $1 AND r.user_id = $2 AND r.status = 'pending' FOR UPDATE OF r`,
    [leagueId, userId],
  );
  return request;
}

/**
 * The competition of the league, when the user has a pending request to it and `ownerId` owns it
 * (unlocked: what the owner's approval is likely to join); undefined otherwise.
 */
export async function selectCompetitionOfPendingRequest(tx: EntityManager, leagueId: number, userId: number, ownerId: number): Promise<string | undefined> {
  const [row]: { code: string }[] = await tx.query(
    `SELECT l.competition_code AS code FROM league_requests r JOIN leagues l ON l.id = r.league_id
     WHERE r.league_id = $1 AND r.user_id = $2 AND r.status = 'pending' AND l.owner_id = $3`,
    [leagueId, userId, ownerId],
  );
  return row?.code;
}

/** How the user's latest decided request to the league was decided, or null. */
export async function selectLatestDecision(tx: EntityManager, leagueId: number, userId: number): Promise<'approved' | 'rejected' | null> {
  const [decided]: { status: 'approved' | 'rejected' }[] = await tx.query(
    `SELECT status FROM league_requests WHERE league_id = $1 AND user_id = $2 AND status <> 'pending' ORDER BY decided_at DESC, id DESC LIMIT 1`,
    [leagueId, userId],
  );
  return decided?.status ?? null;
}

export async function decideRequest(tx: EntityManager, requestId: number, ownerId: number, status: 'approved' | 'rejected'): Promise<void> {
  await tx.query(`UPDATE league_requests SET status = $3, decided_at = now(), decided_by = $2 WHERE id = $1`, [requestId, ownerId, status]);
}

/** The request with the league's and the user's names (the live push of a decision). */
export interface JoinRequestRow {
  id: number;
  league_id: number;
  league_name: string;
  user_id: number;
  username: string;
  full_name: string;
  message: string;
  created_at: Date;
  status: string;
}

export async function selectJoinRequest(q: Queryable, requestId: number): Promise<JoinRequestRow | null> {
  const rows: JoinRequestRow[] = await q.query(
    `SELECT r.id, r.league_id, l.name AS league_name, r.user_id, u.username, u.first_name || ' ' || u.last_name AS full_name,
            r.message, r.created_at, r.status
     FROM league_requests r JOIN leagues l ON l.id = r.league_id JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [requestId],
  );
  return rows[0] ?? null;
}
