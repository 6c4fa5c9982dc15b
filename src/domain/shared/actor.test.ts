import { describe, expect, it } from 'vitest';
import { actorId, actorKey, unknownActorKind, type Actor, type UserActor } from './actor.ts';

const user: Actor = { kind: 'user', user: { id: 'u1' } as UserActor['user'], tokenId: 't', canWrite: true };
const scheduled: Actor = { kind: 'scheduledAction', userId: 'u2', actionId: 'a1', canWrite: true };

/** The actor union as it will be with a second kind, to show what adding one does to a switch on `kind`. */
type WithAppInstallation = Actor | { readonly kind: 'appInstallation'; readonly installationId: string };

function undecided(actor: WithAppInstallation): string {
  switch (actor.kind) {
    case 'user':
    case 'scheduledAction':
      return actorId(actor);
    default:
      // @ts-expect-error a kind the switch does not decide fails `make typecheck` at the exhaustiveness check
      return unknownActorKind(actor);
  }
}

describe('actor', () => {
  it('records a user as their user id and names them by kind and id', () => {
    expect(actorId(user)).toBe('u1');
    expect(actorKey(user)).toBe('user:u1');
    expect(undecided(user)).toBe('u1');
  });

  it('records a scheduled action as its creator and names it by its own id', () => {
    expect(actorId(scheduled)).toBe('u2');
    expect(actorKey(scheduled)).toBe('scheduledAction:a1');
  });

  it('throws at run time for a kind no switch decides (only reachable past the type check)', () => {
    expect(() => undecided({ kind: 'appInstallation', installationId: 'i' })).toThrow(/unknown kind appInstallation/);
  });
});
