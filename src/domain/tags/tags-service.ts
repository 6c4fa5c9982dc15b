import { AppError, notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import type { PageRequest, Storage, TagOrderKey, TagRecord } from '../../storage/port/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { nameTaken, requestedVisibility, tagProblems, type TagInput } from './tag-rules.ts';

/** A tag and the environment id the client named (an alias id stays an alias id in `sys.environment`). */
export interface TagView {
  tag: TagRecord;
  environmentId: string;
}

/**
 * Tags of an environment: an id chosen by the client and a visibility (`private` by default), both immutable, and
 * a name unique in the environment. Reading needs access to the space; writing needs the space admin role.
 */
export function tagsService(storage: Storage, resolve: ResolveEnvironment) {
  const { tags } = storage.repos;
  const missing = (resolved: ResolvedEnvironment, id: string) =>
    notFound('Tag', id, { environment: resolved.requestedId, space: resolved.environment.spaceId });

  async function forWrite(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
  ): Promise<ResolvedEnvironment> {
    return resolve(spaceId, environmentId);
  }

  return {
    async list(actor: Actor, spaceId: string, environmentId: string | undefined, page: PageRequest<TagOrderKey>) {
      const { environment, requestedId } = await resolve(spaceId, environmentId);
      const { items, total } = await tags.page(environment.spaceId, environment.id, page);
      return { items: items.map((tag): TagView => ({ tag, environmentId: requestedId })), total };
    },

    async get(actor: Actor, spaceId: string, environmentId: string | undefined, tagId: string): Promise<TagView> {
      const resolved = await resolve(spaceId, environmentId);
      const tag = await tags.find(resolved.environment.spaceId, resolved.environment.id, tagId);
      if (!tag) throw missing(resolved, tagId);
      return { tag, environmentId: resolved.requestedId };
    },

    /**
     * Creates the tag (version 1; the version header is ignored) or renames it (the current version is required).
     * The visibility comes from `sys.visibility` or the tag-visibility header and never changes.
     */
    async put(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      tagId: string,
      input: TagInput,
      version: number | undefined,
      visibilityHeader: string | undefined,
    ): Promise<{ created: boolean; view: TagView }> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      const requested = requestedVisibility(input, visibilityHeader);
      let current = await tags.find(s, e, tagId);
      if (!current) {
        const problems = [...requested.problems, ...tagProblems(tagId, input, requested.visibility, undefined)];
        if (problems.length) throw validationFailed(problems);
        const inserted = await tags.insert({
          spaceId: s,
          environmentId: e,
          id: tagId,
          name: input.name,
          visibility: requested.visibility ?? 'private',
          createdBy: actorId(actor),
        });
        if (inserted === 'nameTaken') throw validationFailed([nameTaken(input.name)]);
        if (inserted !== 'idTaken')
          return { created: true, view: { tag: inserted, environmentId: resolved.requestedId } };
        current = await tags.find(s, e, tagId); // created concurrently: this request is an update after all
        if (!current) throw missing(resolved, tagId);
      }
      if (version !== current.version) throw versionMismatch(current.version, version);
      const problems = [...requested.problems, ...tagProblems(tagId, input, requested.visibility, current)];
      if (problems.length) throw validationFailed(problems);
      const renamed = await tags.rename(s, e, tagId, input.name, version, actorId(actor));
      if (renamed === 'nameTaken') throw validationFailed([nameTaken(input.name)]);
      if (!renamed) {
        const now = await tags.find(s, e, tagId);
        throw now ? versionMismatch(now.version, version) : missing(resolved, tagId);
      }
      return { created: false, view: { tag: renamed, environmentId: resolved.requestedId } };
    },

    /** Deletes the tag at the current version (required), unless an entry or asset carries it (422). */
    async delete(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      tagId: string,
      version: number | undefined,
    ): Promise<void> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      const current = await tags.find(s, e, tagId);
      if (!current) throw missing(resolved, tagId);
      if (version === undefined) throw versionMismatch(current.version, version);
      const refusal = await storage.transaction((repos) => repos.tags.delete(s, e, tagId, version));
      if (refusal === 'missing') throw missing(resolved, tagId);
      if (refusal === 'version') throw versionMismatch(current.version, version);
      if (refusal === 'referenced') {
        throw new AppError(
          'ActionPreconditionsFailed',
          `Tag "${tagId}" cannot be deleted while entries or assets carry it.`,
          {
            errors: [{ name: 'reference', details: 'Tag is referenced by another entity' }],
          },
        );
      }
    },
  };
}

export type TagsService = ReturnType<typeof tagsService>;
