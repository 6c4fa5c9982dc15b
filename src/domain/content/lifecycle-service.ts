import { AppError, notFound, versionMismatch } from '../../errors/index.ts';
import type { ContentLifecycle, ContentRecord, Repositories, Storage } from '../../storage/port/index.ts';
import {
  describeWrite,
  type ResolveEnvironment,
  type ResolvedEnvironment,
} from '../environments/environment-resolver.ts';
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

/** `apply`'s options: what a publish was validated against; a save recorded as auto_save. */
export interface ApplyOptions<V> {
  validated?: () => V;
  autoSave?: boolean;
}

export interface LifecycleHooks<R, V> {
  /**
   * Publish-time validation of the entity as it is at the version to publish; throws 422 `ValidationFailed`.
   * Returns what the validation relied on, for `beforePublish`.
   */
  checkPublish(resolved: ResolvedEnvironment, current: R): Promise<V>;
  /**
   * First in the publishing transaction, before the write: locks what the validation relied on (so a concurrent
   * change of it waits, or is waited for), validates again if it changed since `checkPublish`, and returns it as
   * locked.
   */
  beforePublish?(repos: Repositories, resolved: ResolvedEnvironment, current: R, validated: V): Promise<V>;
  /**
   * More writes in the transaction of a transition (the link index, snapshots). A publish passes what it was
   * validated against (as `beforePublish` returned it, else as `checkPublish` did).
   */
  afterWrite?(
    repos: Repositories,
    resolved: ResolvedEnvironment,
    record: R,
    transition: Transition,
    actor: Actor,
    validated?: V,
  ): Promise<void>;
  /**
   * The whole publish (what `beforePublish`, the write and `afterWrite` do) as one atomic write, when the entity
   * allows it: answers the record published, or undefined when it wrote nothing or cannot (then the publishing
   * transaction runs and says why). `validated` is what `checkPublish` returned.
   */
  publishAtOnce?(
    resolved: ResolvedEnvironment,
    current: R,
    version: number,
    validated: V,
    actor: Actor,
  ): Promise<R | undefined>;
  /**
   * The entity as this process wrote it, if that left it at `version`: not read again, so a publish may validate it
   * only to pass it to `publishAtOnce` as its `current`, which writes only if it still holds.
   */
  remembered?(resolved: ResolvedEnvironment, id: string, version: number): R | undefined;
  /** More deletes in the transaction that deletes the entity. */
  afterDelete?(repos: Repositories, resolved: ResolvedEnvironment, id: string): Promise<void>;
}

/**
 * The lifecycle entries and assets share: get, publish, unpublish, archive, unarchive, delete. Every write is one
 * conditional statement (version and state checked atomically); when it writes nothing, the entity is read again
 * to answer why (404, 409 or the 400 of the state rule).
 */
export function contentLifecycleService<R extends ContentRecord, V>(
  storage: Storage,
  resolve: ResolveEnvironment,
  kind: 'Entry' | 'Asset',
  repoOf: (repos: Repositories) => ContentLifecycle<R>,
  hooks: LifecycleHooks<R, V>,
) {
  const missing = (resolved: ResolvedEnvironment, id: string) =>
    notFound(kind, id, { space: resolved.environment.spaceId, environment: resolved.requestedId });

  async function current(repos: Repositories, resolved: ResolvedEnvironment, id: string): Promise<R> {
    const record = await repoOf(repos).find(resolved.environment.spaceId, resolved.environment.id, id);
    if (!record) throw missing(resolved, id);
    return record;
  }

  /** Runs one conditional write with its follow-up writes in a transaction, or explains why it wrote nothing. */
  async function apply(
    actor: Actor,
    resolved: ResolvedEnvironment,
    id: string,
    transition: Transition,
    version: number | undefined,
    write: (
      repo: ContentLifecycle<R>,
      spaceId: string,
      environmentId: string,
      repos: Repositories,
    ) => Promise<R | undefined>,
    { validated, autoSave }: ApplyOptions<V> = {},
  ): Promise<ContentView<R>> {
    const record = await storage.transaction(async (repos) => {
      await describeWrite(repos, resolved, autoSave ? { action: 'auto_save' } : {});
      const written = await write(repoOf(repos), resolved.environment.spaceId, resolved.environment.id, repos);
      if (!written) {
        const now = await current(repos, resolved, id);
        throw refusal(now, transition, version) ?? versionMismatch(now.version, version);
      }
      await hooks.afterWrite?.(repos, resolved, written, transition, actor, validated?.());
      return written;
    });
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

  /** The at-once publish of a remembered record; undefined for anything but success, refusals and invalid content included. */
  async function publishAsRemembered(
    actor: Actor,
    resolved: ResolvedEnvironment,
    record: R,
    version: number,
  ): Promise<R | undefined> {
    if (!hooks.publishAtOnce || refusal(record, 'publish', version)) return undefined;
    try {
      return await hooks.publishAtOnce(resolved, record, version, await hooks.checkPublish(resolved, record), actor);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  return {
    missing,
    current,
    apply,

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
     */
    async publish(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      version: number | undefined,
    ) {
      const resolved = await resolve(spaceId, environmentId);
      const remembered = version === undefined ? undefined : hooks.remembered?.(resolved, id, version);
      if (remembered) await permit(rights, resolved, id, 'publish', remembered);
      const published = remembered && (await publishAsRemembered(actor, resolved, remembered, version!));
      if (published) return contentView(storage, resolved, published);
      const now = await current(storage.repos, resolved, id);
      await permit(rights, resolved, id, 'publish', now);
      const refused = refusal(now, 'publish', version);
      if (refused) throw refused;
      let validated = await hooks.checkPublish(resolved, now);
      const publishedAtOnce = await hooks.publishAtOnce?.(resolved, now, version!, validated, actor);
      if (publishedAtOnce) return contentView(storage, resolved, publishedAtOnce);
      return apply(
        actor,
        resolved,
        id,
        'publish',
        version,
        async (repo, s, e, repos) => {
          if (hooks.beforePublish) validated = await hooks.beforePublish(repos, resolved, now, validated);
          return repo.publish(s, e, id, version!, user(actor));
        },
        { validated: () => validated },
      );
    },

    async unpublish(actor: Actor, rights: SpaceRights, spaceId: string, environmentId: string | undefined, id: string) {
      const resolved = await resolve(spaceId, environmentId);
      await permit(rights, resolved, id, 'unpublish');
      return apply(actor, resolved, id, 'unpublish', undefined, (repo, s, e) => repo.unpublish(s, e, id, user(actor)));
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
      return apply(actor, resolved, id, 'archive', version, (repo, s, e) =>
        repo.archive(s, e, id, version, user(actor)),
      );
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
      return apply(actor, resolved, id, 'unarchive', version, (repo, s, e) =>
        repo.unarchive(s, e, id, version, user(actor)),
      );
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
      await storage.transaction(async (repos) => {
        await describeWrite(repos, resolved, { actorId: user(actor) });
        if (!(await repoOf(repos).delete(resolved.environment.spaceId, resolved.environment.id, id))) {
          throw refusal(await current(repos, resolved, id), 'delete', undefined) ?? missing(resolved, id);
        }
        await hooks.afterDelete?.(repos, resolved, id);
      });
    },
  };
}
