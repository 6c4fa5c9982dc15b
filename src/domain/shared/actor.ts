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
 * An app acting in the environment it is installed in, through an app access token: every action on content types,
 * editor interfaces, entries and assets there, and reading its own installation (decided by the authorizer).
 */
export interface AppInstallationActor {
  readonly kind: 'appInstallation';
  readonly spaceId: string;
  readonly environmentId: string;
  readonly appDefinitionId: string;
  readonly canWrite: true;
}

/**
 * A JWT an app signed, not verified yet: all it may do is be exchanged for an app access token of the installation
 * its path names (the authorizer verifies it against the app's keys then).
 */
export interface AppAssertionActor {
  readonly kind: 'appAssertion';
  readonly jwt: string;
  readonly canWrite: true;
}

/**
 * Who is making a request, narrowed by `kind`: every place that must decide per kind switches on `kind` and ends in
 * `unknownActorKind`, so a new kind is a type error there until it is decided. Code that only records who wrote
 * something uses `actorId`.
 */
export type Actor = UserActor | ScheduledActionActor | AppInstallationActor | AppAssertionActor;

/**
 * What `actorId` records for an app: `AppDefinition:<id>`. User ids never hold a `:`, so a stored author reads back
 * as the link it was (`actorLinkOf`).
 */
const APP_AUTHOR = 'AppDefinition:';

/** The link a stored author id stands for: a user, or the app definition an app's writes record. */
export function actorLinkOf(id: string): { linkType: 'User' | 'AppDefinition'; id: string } {
  return id.startsWith(APP_AUTHOR)
    ? { linkType: 'AppDefinition', id: id.slice(APP_AUTHOR.length) }
    : { linkType: 'User', id };
}

/**
 * The exhaustiveness check of a switch on `actor.kind` (pass the actor, which every decided kind narrowed away):
 * reached by no kind the union has.
 */
export function unknownActorKind(actor: never): never {
  throw new Error(`an actor of unknown kind ${String((actor as { kind?: unknown }).kind)}`);
}

/**
 * The id recorded as `sys.createdBy` / `sys.updatedBy` of what the actor writes (a User link for a user; a scheduled
 * action writes as its creator, as the hosted service does; an app as its definition, `actorLinkOf`).
 */
export function actorId(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return actor.user.id;
    case 'scheduledAction':
      return actor.userId;
    case 'appInstallation':
      return `${APP_AUTHOR}${actor.appDefinitionId}`;
    case 'appAssertion':
      throw new Error('an app assertion writes nothing: it is only exchanged for an app access token');
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
    case 'appInstallation':
      return `app:${actor.appDefinitionId}:${actor.spaceId}`;
    case 'appAssertion':
      return 'appAssertion';
    default:
      return unknownActorKind(actor);
  }
}
