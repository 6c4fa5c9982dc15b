import { badRequest, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { EntryRecord, Storage } from '../../storage/port/index.ts';
import { checkEntryShape } from '../content-model/entry-validation.ts';
import {
  lockTags,
  refuseInvalid,
  storedFields,
  tagIdsOf,
  unknownTagProblems,
  type ContentInput,
} from '../content/content-input.ts';
import { contentLifecycleService, contentView, type ContentView } from '../content/lifecycle-service.ts';
import { refusal } from '../content/lifecycle-rules.ts';
import { changeOf, contentWrites, type EntryValidation } from '../content-writes/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { docOf, mayRead, requireCreate, requireReadable, requireUpdate } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import { activatedDefinition, activationOf, defaultLocaleOf, linkBearing, withDefaults } from './entry-content-type.ts';
import { validateForPublish } from './entry-publish-check.ts';
import { patchedInput, writableEntry, type PatchOperation } from './entry-patch.ts';
import { collectReferences, DEFAULT_INCLUDE, type EntryReferences } from './entry-references.ts';

export type EntryView = ContentView<EntryRecord>;

/** An entry and what it links to (`GET .../entries/{id}/references`). */
export interface EntryReferencesView extends EntryReferences {
  entry: EntryView;
}

/**
 * Entries: create (with a generated or chosen id), replace, and the shared lifecycle. Content is shaped by the
 * activated definition of the entry's content type: save-time shape problems answer 422 `InvalidEntry`, content
 * rules are checked at publish (422 `ValidationFailed`). The reverse link index follows every write of the draft
 * and of the published side, in the same transaction; each publish in the master environment records a snapshot.
 */
export function entriesService(storage: Storage, resolve: ResolveEnvironment) {
  const writes = contentWrites(storage).entries;
  const lifecycle = contentLifecycleService(
    storage,
    resolve,
    'Entry',
    (repos) => repos.entries,
    writes.lifecycle,
    async ({ environment }, entry): Promise<EntryValidation> => {
      const { spaceId, id: environmentId } = environment;
      const activation = activationOf(
        await storage.repos.contentTypes.find(spaceId, environmentId, entry.contentTypeId),
        entry.contentTypeId,
      );
      const defaultLocale = await validateForPublish(
        storage.repos,
        spaceId,
        environmentId,
        entry,
        activation.definition,
      );
      return { ...activation, defaultLocale };
    },
  );

  /** Save-time checks of a body against the activated content type and the environment's tags and locales. */
  async function checked(resolved: ResolvedEnvironment, contentTypeId: string, input: ContentInput, creating: boolean) {
    const { spaceId, id: environmentId } = resolved.environment;
    const definition = await activatedDefinition(storage.repos, spaceId, environmentId, contentTypeId);
    const locales = await storage.repos.locales.list(spaceId, environmentId);
    const tags = tagIdsOf(input);
    const problems = [
      ...checkEntryShape(definition, (input.fields ?? {}) as never, locales),
      ...unknownTagProblems(input, await storage.repos.entries.unknownTags(spaceId, environmentId, tags)),
    ];
    refuseInvalid(problems);
    const fields = storedFields(input.fields);
    return {
      fields: creating ? withDefaults(definition, fields, input.fields ?? {}, locales) : fields,
      tags,
      definition,
      defaultLocale: defaultLocaleOf(locales),
    };
  }

  async function insert(
    actor: Actor,
    rights: SpaceRights,
    resolved: ResolvedEnvironment,
    id: string,
    contentTypeId: string,
    input: ContentInput,
  ): Promise<EntryView> {
    const { spaceId, id: environmentId } = resolved.environment;
    requireCreate(rights, { type: 'Entry', id, contentTypeId, tagIds: tagIdsOf(input) });
    const { definition, defaultLocale, ...draft } = await checked(resolved, contentTypeId, input, true);
    // The insert writes the row and its links in one statement; tags, checked again and locked first, need a transaction.
    const record = await writes.insert(
      changeOf(resolved),
      { spaceId, environmentId, id, contentTypeId, ...draft, createdBy: actorId(actor) },
      linkBearing(definition, draft.fields, defaultLocale),
      draft.tags.length === 0 ? undefined : (repos) => lockTags(repos.entries, spaceId, environmentId, input),
    );
    // Taken by a concurrent create with the same id: the same answer as a PUT without a version to an existing entry.
    if (!record) throw versionMismatch(1, undefined);
    return contentView(storage, resolved, record);
  }

  /** The update path of `PUT` (and `PATCH`): replaces an existing entry's fields and tags at `version`; `autoSave`: recorded as auto_save. */
  async function replace(
    actor: Actor,
    rights: SpaceRights,
    resolved: ResolvedEnvironment,
    existing: EntryRecord,
    input: ContentInput,
    version: number | undefined,
    autoSave: boolean,
  ): Promise<EntryView> {
    const { id } = existing;
    requireReadable(rights, docOf('Entry', existing), () => lifecycle.missing(resolved, id));
    const refused = refusal(existing, 'update', version);
    if (refused) throw refused;
    const { definition, defaultLocale, ...draft } = await checked(resolved, existing.contentTypeId, input, false);
    requireUpdate(rights, docOf('Entry', existing), existing.fields, draft.fields, () =>
      lifecycle.missing(resolved, id),
    );
    const { spaceId, id: environmentId } = resolved.environment;
    const record = await writes.saveDraft(
      changeOf(resolved, { autoSave }),
      resolved,
      id,
      draft,
      version!,
      actorId(actor),
      (fields) => linkBearing(definition, fields, defaultLocale),
      (repos) => lockTags(repos.entries, spaceId, environmentId, input),
      lifecycle.explain(resolved, id, 'update', version),
    );
    return contentView(storage, resolved, record);
  }

  return {
    get: lifecycle.get,
    publish: lifecycle.publish,
    unpublish: lifecycle.unpublish,
    archive: lifecycle.archive,
    unarchive: lifecycle.unarchive,
    delete: lifecycle.delete,

    /** Creates an entry with a generated id; `contentTypeId` comes from the `X-<Vendor>-Content-Type` header. */
    async create(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      contentTypeId: string,
      input: ContentInput,
    ): Promise<EntryView> {
      return insert(actor, rights, await resolve(spaceId, environmentId), generateId(), contentTypeId, input);
    },

    /**
     * `PUT .../entries/{id}`: creates the entry when the id is free (the content type header is needed, a version
     * header is ignored), otherwise replaces its fields and tags at the version sent. `autoSave`: the client marked
     * the save as an automatic one; its event is auto_save instead of save (a create stays create).
     */
    async createOrUpdate(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      contentTypeId: string | undefined,
      input: ContentInput,
      version: number | undefined,
      autoSave = false,
    ): Promise<{ created: boolean; view: EntryView }> {
      const resolved = await resolve(spaceId, environmentId);
      const existing = await storage.repos.entries.find(resolved.environment.spaceId, resolved.environment.id, id);
      if (!existing) {
        if (!contentTypeId)
          throw badRequest('You should provide a content type in X-Service-Content-Type request header.', null);
        return { created: true, view: await insert(actor, rights, resolved, id, contentTypeId, input) };
      }
      return { created: false, view: await replace(actor, rights, resolved, existing, input, version, autoSave) };
    },

    /**
     * `PATCH .../entries/{id}`: a JSON Patch of the entry's `{fields, metadata}` as stored at `version`, saved as a
     * `PUT` of the result would be (`autoSave` likewise). The version is checked before the patch is applied: a patch
     * is written against one.
     */
    async patch(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      operations: PatchOperation[],
      version: number | undefined,
      autoSave = false,
    ): Promise<EntryView> {
      const resolved = await resolve(spaceId, environmentId);
      const existing = await lifecycle.current(storage.repos, resolved, id);
      requireReadable(rights, docOf('Entry', existing), () => lifecycle.missing(resolved, id));
      const refused = refusal(existing, 'update', version);
      if (refused) throw refused;
      return replace(
        actor,
        rights,
        resolved,
        existing,
        patchedInput(writableEntry(existing), operations),
        version,
        autoSave,
      );
    },

    /** The entry and the entries and assets it links to, `include` levels deep (draft state). */
    async references(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      include = DEFAULT_INCLUDE,
    ): Promise<EntryReferencesView> {
      const resolved = await resolve(spaceId, environmentId);
      const entry = await lifecycle.current(storage.repos, resolved, id);
      requireReadable(rights, docOf('Entry', entry), () => lifecycle.missing(resolved, id));
      const scope = { spaceId: resolved.environment.spaceId, environmentId: resolved.environment.id };
      const references = await collectReferences(storage, scope, entry, include);
      // What the member may not read is left out, as if it did not exist (its links stay unresolved).
      const entries = references.entries.filter((e) => mayRead(rights, docOf('Entry', e)));
      const assets = references.assets.filter((a) => mayRead(rights, docOf('Asset', a)));
      return { entry: await contentView(storage, resolved, entry), ...references, entries, assets };
    },
  };
}

export type EntriesService = ReturnType<typeof entriesService>;
