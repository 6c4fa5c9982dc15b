import type { UserRecord } from '../../storage/port/index.ts';

/** A user acting through one of their personal access tokens. */
export interface UserActor {
  readonly kind: 'user';
  readonly user: UserRecord;
  readonly tokenId: string;
  /** False for a token with the content_management_read scope only. */
  readonly canWrite: boolean;
}

/**
 * Who is making a request, narrowed by `kind`. An app installation and a scheduled action's execution join this union
 * later: every place that must decide per kind switches on `kind` and ends in `unknownActorKind`, so a new kind is a
 * type error there until it is decided. Code that only records who wrote something uses `actorId`.
 */
export type Actor = UserActor;

/** The exhaustiveness check of a switch on `actor.kind` (pass `actor.kind`): reached by no kind the union has. */
export function unknownActorKind(kind: never): never {
  throw new Error(`an actor of unknown kind ${String(kind)}`);
}

/** The id recorded as `sys.createdBy` / `sys.updatedBy` of what the actor writes (a User link for a user). */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return actor.user.id;
    default:
      return unknownActorKind(actor.kind);
  }
}

/** A key naming the actor among every kind (`user:<id>`), e.g. for a rate-limit bucket. */
export function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.user.id}`;
    default:
      return unknownActorKind(actor.kind);
  }
}
