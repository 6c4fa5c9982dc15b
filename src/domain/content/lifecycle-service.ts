import { AppError, notFound, versionMismatch } from '../../errors/index.ts';
import type { ContentRecord, ContentTransitions, Repositories, Storage } from '../../storage/port/index.ts';
import {
  changeOf,
  type Alongside,
  type ContentKindWrites,
  type Explain,
  type StateTransition,
} from '../content-writes/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { docOf, requireAction, requireReadable } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import { refusal, type Transition } from './lifecycle-rules.ts';

/**
 * An entry or asset, the environment id the client named (an alias id stays an alias id in `sys.environment`) and
 * the locale codes of the environment (`sys.fieldStatus` has one status per locale).
 */
export interface ContentView<R> {
  record: R;
  environmentId: string;
  localeCodes: string[];
}

/** The view of a record read or written in the resolved environment. */
export async function contentView<R extends ContentRecord>(
  storage: Storage,
  resolved: ResolvedEnvironment,
  record: R,
): Promise<ContentView<R>> {
  return {
    record,
    environmentId: resolved.requestedId,
    localeCodes: await localeCodes(storage, resolved.environment.spaceId, resolved.environment.id),
  };
}

/** The locale codes of an environment (`sys.fieldStatus` has one status per locale). */
export async function localeCodes(storage: Storage, spaceId: string, environmentId: string): Promise<string[]> {
  return (await storage.repos.locales.list(spaceId, environmentId)).map((locale) => locale.code);
}

/** Publish-time validation of the entity as it is at the version to publish (422 `ValidationFailed`): what it relied on. */
export type CheckPublish<R, V> = (resolved: ResolvedEnvironment, current: R) => Promise<V>;

/**
 * The lifecycle entries and assets share: get, publish, unpublish, archive, unarchive, delete. The writes are the
 * kind's (`writes`, through the content write path); every one is conditional (version and state checked
 * atomically), and when it writes nothing the entity is read again to answer why (404, 409 or the 400 of the state
 * rule).
 */
export function contentLifecycleService<R extends ContentRecord, V>(
  storage: Storage,
  resolve: ResolveEnvironment,
  kind: 'Entry' | 'Asset',
  repoOf: (repos: Repositories) => ContentTransitions<R>,
  writes: ContentKindWrites<R, V>,
  checkPublish: CheckPublish<R, V>,
) {
  const missing = (resolved: ResolvedEnvironment, id: string) =>
    notFound(kind, id, { space: resolved.environment.spaceId, environment: resolved.requestedId });

  async function current(repos: Repositories, resolved: ResolvedEnvironment, id: string): Promise<R> {
    const record = await repoOf(repos).find(resolved.environment.spaceId, resolved.environment.id, id);
    if (!record) throw missing(resolved, id);
    return record;
  }

  /** Why a conditional write of `transition` at `version` wrote nothing, read in its transaction. */
  const explain =
    (resolved: ResolvedEnvironment, id: string, transition: Transition, version: number | undefined): Explain =>
    async (repos) => {
      const now = await current(repos, resolved, id);
      throw refusal(now, transition, version) ?? versionMismatch(now.version, version);
    };

  async function transit(
    actor: Actor,
    resolved: ResolvedEnvironment,
    id: string,
    transition: StateTransition,
    version: number | undefined,
    alongside?: Alongside,
  ): Promise<ContentView<R>> {
    const record = await writes.transition(
      changeOf(resolved),
      resolved,
      id,
      transition,
      version,
      user(actor),
      explain(resolved, id, transition, version),
      alongside,
    );
    return contentView(storage, resolved, record);
  }

  const user = (actor: Actor) => actorId(actor);

  /**
   * The entity-level decision of a member's transition (404 for what they may not read, 403 for what they may not
   * do): it reads the entity first. Owners and admins skip both.
   */
  async function permit(
    rights: SpaceRights,
    resolved: ResolvedEnvironment,
    id: string,
    action: Exclude<Transition, 'update'>,
    known?: R,
  ): Promise<void> {
    if (rights.all) return;
    requireAction(rights, action, docOf(kind, known ?? (await current(storage.repos, resolved, id))), () =>
      missing(resolved, id),
    );
  }

  /** The publish of a record this process wrote, unread; undefined for anything but success, refusals and invalid content included. */
  async function publishUnread(
    actor: Actor,
    resolved: ResolvedEnvironment,
    record: R,
    version: number,
  ): Promise<R | undefined> {
    if (!writes.publishAlone || refusal(record, 'publish', version)) return undefined;
    try {
      const validated = await checkPublish(resolved, record);
      return await writes.publishAlone(changeOf(resolved), resolved, record, version, validated, user(actor));
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  return {
    missing,
    current,
    explain,

    async get(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
    ): Promise<ContentView<R>> {
      const resolved = await resolve(spaceId, environmentId);
      const record = await current(storage.repos, resolved, id);
      requireReadable(rights, docOf(kind, record), () => missing(resolved, id));
      return contentView(storage, resolved, record);
    },

    /**
     * Publishes exactly the fields validated: the write happens only if the entity is still at `version`. An entity
     * this process just wrote at that version is validated and published as it was written, without a read, when it
     * passes and still holds; otherwise (and for every answer but success) the publish reads it and starts over.
     * `alongside`: writes that commit with the publish or not at all (always a transaction then).
     */
    async publish(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      version: number | undefined,
      alongside?: Alongside,
    ) {
      const resolved = await resolve(spaceId, environmentId);
      const written = version === undefined || alongside ? undefined : writes.writtenBasis?.(resolved, id, version);
      if (written) await permit(rights, resolved, id, 'publish', written);
      const published = written && (await publishUnread(actor, resolved, written, version!));
      if (published) return contentView(storage, resolved, published);
      const now = await current(storage.repos, resolved, id);
      await permit(rights, resolved, id, 'publish', now);
      const refused = refusal(now, 'publish', version);
      if (refused) throw refused;
      const validated = await checkPublish(resolved, now);
      const change = changeOf(resolved);
      const alone = alongside
        ? undefined
        : await writes.publishAlone?.(change, resolved, now, version!, validated, user(actor));
      const record =
        alone ??
        (await writes.publish(
          change,
          resolved,
          now,
          version!,
          validated,
          user(actor),
          explain(resolved, id, 'publish', version),
          alongside,
        ));
      return contentView(storage, resolved, record);
    },

    async unpublish(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      alongside?: Alongside,
    ) {
      const resolved = await resolve(spaceId, environmentId);
      await permit(rights, resolved, id, 'unpublish');
      return transit(actor, resolved, id, 'unpublish', undefined, alongside);
    },

    async archive(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      version: number | undefined,
    ) {
      const resolved = await resolve(spaceId, environmentId);
      await permit(rights, resolved, id, 'archive');
      return transit(actor, resolved, id, 'archive', version);
    },

    async unarchive(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      version: number | undefined,
    ) {
      const resolved = await resolve(spaceId, environmentId);
      await permit(rights, resolved, id, 'unarchive');
      return transit(actor, resolved, id, 'unarchive', version);
    },

    async delete(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
    ): Promise<void> {
      const resolved = await resolve(spaceId, environmentId);
      await permit(rights, resolved, id, 'delete');
      await writes.delete(changeOf(resolved, { actorId: user(actor) }), resolved, id, async (repos) => {
        throw refusal(await current(repos, resolved, id), 'delete', undefined) ?? missing(resolved, id);
      });
    },
  };
}
