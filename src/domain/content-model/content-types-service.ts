import { AppError, badRequest, notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { ContentTypeOrderKey, ContentTypeRecord, PageRequest, Storage } from '../../storage/port/index.ts';
import { changeOf, contentWrites } from '../content-writes/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { readContentType, type ContentTypeInput } from './content-type-rules.ts';
import type { ContentTypeDefinition } from './field.ts';

/** A content type and the environment id the client named (an alias id stays an alias id in `sys.environment`). */
export interface ContentTypeView {
  record: ContentTypeRecord;
  environmentId: string;
}

/**
 * Content types: the draft definition is saved with create and update; activation makes it the definition that
 * shapes entries (`published`), applies field deletions and renames to the entries, keeps the editor interface in
 * step and, in the master environment, records a snapshot. Who may write is the authorizer's decision (`domain/access`).
 */
export function contentTypesService(storage: Storage, resolve: ResolveEnvironment) {
  const writes = contentWrites(storage).contentTypes;

  async function forWrite(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
  ): Promise<ResolvedEnvironment> {
    return resolve(spaceId, environmentId);
  }

  const missing = (resolved: ResolvedEnvironment, id: string) =>
    notFound('ContentType', id, { space: resolved.environment.spaceId, environment: resolved.requestedId });

  const missingOf = (resolved: ResolvedEnvironment, id: string) => () => missing(resolved, id);

  const view = (resolved: ResolvedEnvironment, record: ContentTypeRecord): ContentTypeView => ({
    record,
    environmentId: resolved.requestedId,
  });

  function checked(input: ContentTypeInput, activated: ContentTypeDefinition | null): ContentTypeDefinition {
    const { definition, errors } = readContentType(input, activated);
    if (errors.length) throw validationFailed(errors, 'The content type you sent is invalid.');
    return definition;
  }

  async function insert(
    actor: Actor,
    resolved: ResolvedEnvironment,
    id: string,
    input: ContentTypeInput,
  ): Promise<ContentTypeRecord | undefined> {
    const definition = checked(input, null);
    return writes.save(changeOf(resolved), (repos) =>
      repos.contentTypes.insert({
        spaceId: resolved.environment.spaceId,
        environmentId: resolved.environment.id,
        id,
        definition,
        createdBy: actorId(actor),
      }),
    );
  }

  return {
    async list(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      page: PageRequest<ContentTypeOrderKey>,
      options: { activatedOnly?: boolean } = {},
    ) {
      const resolved = await resolve(spaceId, environmentId);
      const { items, total } = await storage.repos.contentTypes.page(
        resolved.environment.spaceId,
        resolved.environment.id,
        page,
        options,
      );
      return { items: items.map((record) => view(resolved, record)), total };
    },

    async get(actor: Actor, spaceId: string, environmentId: string | undefined, id: string): Promise<ContentTypeView> {
      const resolved = await resolve(spaceId, environmentId);
      const record = await storage.repos.contentTypes.find(resolved.environment.spaceId, resolved.environment.id, id);
      if (!record) throw missing(resolved, id);
      return view(resolved, record);
    },

    /** Creates a content type with a generated id. */
    async create(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      input: ContentTypeInput,
    ): Promise<ContentTypeView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const record = await insert(actor, resolved, generateId(), input);
      if (!record) throw new AppError('ServerError', 'A generated content type id was taken.');
      return view(resolved, record);
    },

    /** Creates with the chosen id (any version header is ignored), or replaces the draft at the current version. */
    async createOrUpdate(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      input: ContentTypeInput,
      version: number | undefined,
    ): Promise<{ view: ContentTypeView; created: boolean }> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      const existing = await storage.repos.contentTypes.find(s, e, id);
      if (!existing) {
        const record = await insert(actor, resolved, id, input);
        if (record) return { view: view(resolved, record), created: true };
        const now = await storage.repos.contentTypes.find(s, e, id);
        throw versionMismatch(now?.version, version);
      }
      if (version !== existing.version) throw versionMismatch(existing.version, version);
      const definition = checked(input, existing.published);
      const updated = await writes.save(changeOf(resolved), (repos) =>
        repos.contentTypes.update(s, e, id, definition, version, actorId(actor)),
      );
      if (updated) return { view: view(resolved, updated), created: false };
      const now = await storage.repos.contentTypes.find(s, e, id);
      throw now ? versionMismatch(now.version, version) : missing(resolved, id);
    },

    /** Deletes a content type that is not active and has no entries, with its snapshots and editor interface. */
    async delete(actor: Actor, spaceId: string, environmentId: string | undefined, id: string): Promise<void> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      // The row lock also waits for entries being created (their foreign key check shares the row), so none slips in.
      const change = changeOf(resolved, { actorId: actorId(actor) });
      await writes.locked(change, resolved, id, missingOf(resolved, id), async (repos, current) => {
        if (current.published) throw badRequest('Cannot delete published');
        if (await repos.contentTypes.hasEntries(current.spaceId, current.environmentId, id))
          throw badRequest('Content Type has entries');
        await repos.snapshots.deleteFor(current.spaceId, current.environmentId, 'ContentType', id);
        if (!(await repos.contentTypes.delete(current.spaceId, current.environmentId, id))) throw missing(resolved, id);
      });
    },

    /** Activates the draft at `version`: it becomes the definition that shapes entries. */
    async activate(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      version: number | undefined,
    ): Promise<ContentTypeView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const record = await writes.activate(
        changeOf(resolved),
        resolved,
        id,
        version,
        actorId(actor),
        missingOf(resolved, id),
      );
      return view(resolved, record);
    },

    /** Deactivates an active content type without entries. */
    async deactivate(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
    ): Promise<ContentTypeView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const record = await writes.locked(
        changeOf(resolved),
        resolved,
        id,
        missingOf(resolved, id),
        async (repos, current) => {
          if (!current.published) throw badRequest('Not published');
          if (await repos.contentTypes.hasEntries(current.spaceId, current.environmentId, id))
            throw badRequest('Content Type has entries');
          return (
            (await repos.contentTypes.deactivate(current.spaceId, current.environmentId, id, actorId(actor))) ??
            Promise.reject(badRequest('Not published'))
          );
        },
      );
      return view(resolved, record);
    },
  };
}

export type ContentTypesService = ReturnType<typeof contentTypesService>;
