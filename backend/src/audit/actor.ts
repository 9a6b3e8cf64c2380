/**
 * Who made a change that is audited: an operator (a signed-in admin, through the admin API or the
 * console), the results feed on its own, or someone at the ops CLI (which has no signed-in user:
 * the machine's user names them). The operator's account may later go; the row stays.
 */
export type Actor = { kind: 'operator'; userId: number } | { kind: 'feed'; provider: string } | { kind: 'cli'; who: string };

/** The user an audit row names: the operator, none for the feed or the CLI. */
export function actorUserId(actor: Actor): number | null {
  return actor.kind === 'operator' ? actor.userId : null;
}

/** The door a change came through, and what names it beyond the user (the provider, the CLI's user). */
export function actorVia(actor: Actor): { via: 'console' | 'feed' | 'cli'; detail: string | null } {
  switch (actor.kind) {
    case 'operator':
      return { via: 'console', detail: null };
    case 'feed':
      return { via: 'feed', detail: actor.provider };
    case 'cli':
      return { via: 'cli', detail: actor.who.slice(0, 200) };
  }
}

/** The signed-in admin making a call, as the audit names them. */
export function operatorActor(user: { id: number }): Actor {
  return { kind: 'operator', userId: user.id };
}
