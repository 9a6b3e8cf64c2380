/**
 * Who made a change that is audited: an operator (a signed-in admin, through the admin API or the
 * console), or the results feed on its own. The operator's account may later go; the row stays.
 */
export type Actor = { kind: 'operator'; userId: number } | { kind: 'feed'; provider: string };

/** The user an audit row names: the operator, none for the feed. */
export function actorUserId(actor: Actor): number | null {
  return actor.kind === 'operator' ? actor.userId : null;
}

/** The signed-in admin making a call, as the audit names them. */
export function operatorActor(user: { id: number }): Actor {
  return { kind: 'operator', userId: user.id };
}
