import { validationFailed, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { AssetRecord, Storage } from '../../storage/port/index.ts';
import {
  lockTags,
  refuseInvalid,
  storedFields,
  tagIdsOf,
  unknownTagProblems,
  withoutNullValues,
  type ContentInput,
} from '../content/content-input.ts';
import { contentLifecycleService, contentView, type ContentView } from '../content/lifecycle-service.ts';
import { refusal } from '../content/lifecycle-rules.ts';
import { changeOf, contentWrites } from '../content-writes/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { docOf, requireCreate, requireReadable, requireUpdate } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';
import { assetPublishProblems } from './asset-publish-rules.ts';
import { checkAssetShape } from './asset-shape.ts';

export type AssetView = ContentView<AssetRecord>;

/**
 * Assets: create (with a generated or chosen id), replace, and the shared lifecycle. Files are processed by the
 * asset processing service (through `assets.updateFile`); an asset is published only with every file processed.
 */
export function assetsService(storage: Storage, resolve: ResolveEnvironment) {
  const writes = contentWrites(storage).assets;
  const lifecycle = contentLifecycleService(
    storage,
    resolve,
    'Asset',
    (repos) => repos.assets,
    writes.lifecycle,
    async ({ environment }, asset) => {
      const locales = await storage.repos.locales.list(environment.spaceId, environment.id);
      const errors = [...checkAssetShape(asset.fields, locales), ...assetPublishProblems(asset.fields, locales)];
      if (errors.length) throw validationFailed(errors);
    },
  );

  async function checked(resolved: ResolvedEnvironment, input: ContentInput) {
    const { spaceId, id: environmentId } = resolved.environment;
    const locales = await storage.repos.locales.list(spaceId, environmentId);
    const tags = tagIdsOf(input);
    refuseInvalid([
      ...checkAssetShape(input.fields, locales),
      ...unknownTagProblems(input, await storage.repos.assets.unknownTags(spaceId, environmentId, tags)),
    ]);
    return { fields: withoutNullValues(storedFields(input.fields)), tags };
  }

  async function insert(
    actor: Actor,
    rights: SpaceRights,
    resolved: ResolvedEnvironment,
    id: string,
    input: ContentInput,
  ): Promise<AssetView> {
    requireCreate(rights, { type: 'Asset', id, tagIds: tagIdsOf(input) });
    const draft = await checked(resolved, input);
    const { spaceId, id: environmentId } = resolved.environment;
    const record = await writes.insert(
      changeOf(resolved),
      { spaceId, environmentId, id, ...draft, createdBy: actorId(actor) },
      (repos) => lockTags(repos.assets, spaceId, environmentId, input),
    );
    // Taken by a concurrent create with the same id: the same answer as a PUT without a version to an existing asset.
    if (!record) throw versionMismatch(1, undefined);
    return contentView(storage, resolved, record);
  }

  return {
    get: lifecycle.get,
    publish: lifecycle.publish,
    unpublish: lifecycle.unpublish,
    archive: lifecycle.archive,
    unarchive: lifecycle.unarchive,
    delete: lifecycle.delete,

    async create(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      input: ContentInput,
    ): Promise<AssetView> {
      return insert(actor, rights, await resolve(spaceId, environmentId), generateId(), input);
    },

    /**
     * `PUT .../assets/{id}`: creates the asset when the id is free (a version header is ignored), else replaces it at
     * the version sent. `autoSave`: the client marked the save as an automatic one; its event is auto_save instead of save.
     */
    async createOrUpdate(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      input: ContentInput,
      version: number | undefined,
      autoSave = false,
    ): Promise<{ created: boolean; view: AssetView }> {
      const resolved = await resolve(spaceId, environmentId);
      const existing = await storage.repos.assets.find(resolved.environment.spaceId, resolved.environment.id, id);
      if (!existing) return { created: true, view: await insert(actor, rights, resolved, id, input) };
      const missing = () => lifecycle.missing(resolved, id);
      requireReadable(rights, docOf('Asset', existing), missing);
      const refused = refusal(existing, 'update', version);
      if (refused) throw refused;
      const draft = await checked(resolved, input);
      requireUpdate(rights, docOf('Asset', existing), existing.fields, draft.fields, missing);
      const { spaceId: s, id: e } = resolved.environment;
      const record = await writes.saveDraft(
        changeOf(resolved, { autoSave }),
        resolved,
        id,
        draft,
        version!,
        actorId(actor),
        (repos) => lockTags(repos.assets, s, e, input),
        lifecycle.explain(resolved, id, 'update', version),
      );
      const view = await contentView(storage, resolved, record);
      return { created: false, view };
    },
  };
}

export type AssetsService = ReturnType<typeof assetsService>;
