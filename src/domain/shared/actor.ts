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
 * A scheduled action being executed: it acts with the rights its creator has when it runs, which the authorizer
 * decides as for the creator's own requests (and for the publish and unpublish of entries and assets only).
 */
export interface ScheduledActionActor {
  readonly kind: 'scheduledAction';
  /** The creator of the action. */
  readonly userId: string;
  readonly actionId: string;
  readonly canWrite: true;
}

/**
 * Who is making a request, narrowed by `kind`. An app installation joins this union later: every place that must
 * decide per kind switches on `kind` and ends in `unknownActorKind`, so a new kind is a type error there until it is
 * decided. Code that only records who wrote something uses `actorId`.
 */
export type Actor = UserActor | ScheduledActionActor;

/**
 * The exhaustiveness check of a switch on `actor.kind` (pass the actor, which every decided kind narrowed away):
 * reached by no kind the union has.
 */
export function unknownActorKind(actor: never): never {
  throw new Error(`an actor of unknown kind ${String((actor as { kind?: unknown }).kind)}`);
}

/**
 * The id recorded as `sys.createdBy` / `sys.updatedBy` of what the actor writes (a User link for a user; a scheduled
 * action writes as its creator, as the hosted service does).
 */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return actor.user.id;
    case 'scheduledAction':
      return actor.userId;
    default:
      return unknownActorKind(actor);
  }
}

/** A key naming the actor among every kind (`user:<id>`, `scheduledAction:<id>`), e.g. for a rate-limit bucket. */
export function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.user.id}`;
    case 'scheduledAction':
      return `scheduledAction:${actor.actionId}`;
    default:
      return unknownActorKind(actor);
  }
}
