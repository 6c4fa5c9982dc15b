import { notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import type { EditorInterfaceRecord, Storage } from '../../storage/port/index.ts';
import { contentWrites } from '../content-writes/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { readEditorInterface, type EditorInterfaceInput } from './editor-interface-rules.ts';

/** An editor interface and the environment id the client named. */
export interface EditorInterfaceView {
  record: EditorInterfaceRecord;
  environmentId: string;
}

/**
 * Editor interfaces: one per content type, created and kept in step by activation (see editor-interface-sync.ts);
 * read and replaced here. A content type that was never activated has none (404).
 */
export function editorInterfacesService(storage: Storage, resolve: ResolveEnvironment) {
  const writes = contentWrites(storage).contentTypes;
  const missing = (resolved: ResolvedEnvironment, contentTypeId: string) =>
    notFound('EditorInterface', 'default', {
      space: resolved.environment.spaceId,
      environment: resolved.requestedId,
      contentType: contentTypeId,
    });
  const missingType = (resolved: ResolvedEnvironment, contentTypeId: string) =>
    notFound('ContentType', contentTypeId, { space: resolved.environment.spaceId, environment: resolved.requestedId });

  return {
    async list(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      page: { skip: number; limit: number },
    ) {
      const resolved = await resolve(spaceId, environmentId);
      const { items, total } = await storage.repos.editorInterfaces.page(
        resolved.environment.spaceId,
        resolved.environment.id,
        page,
      );
      return {
        items: items.map((record): EditorInterfaceView => ({ record, environmentId: resolved.requestedId })),
        total,
      };
    },

    async get(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      contentTypeId: string,
    ): Promise<EditorInterfaceView> {
      const resolved = await resolve(spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      const record = await storage.repos.editorInterfaces.find(s, e, contentTypeId);
      if (record) return { record, environmentId: resolved.requestedId };
      throw (await storage.repos.contentTypes.find(s, e, contentTypeId))
        ? missing(resolved, contentTypeId)
        : missingType(resolved, contentTypeId);
    },

    /** Replaces the editor interface at `version`; serialised with activations through the content type row lock. */
    async update(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      contentTypeId: string,
      input: EditorInterfaceInput,
      version: number | undefined,
    ): Promise<EditorInterfaceView> {
      const resolved = await resolve(spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      // Editor interfaces record no events: the transaction describes no change.
      const missingContentType = () => missingType(resolved, contentTypeId);
      const record = await writes.locked(
        undefined,
        resolved,
        contentTypeId,
        missingContentType,
        async (repos, contentType) => {
          const current = await repos.editorInterfaces.find(s, e, contentTypeId);
          if (!current) throw missing(resolved, contentTypeId);
          if (version !== current.version) throw versionMismatch(current.version, version);
          const fields = [...(contentType.published?.fields ?? []), ...contentType.fields].filter((f) => !f.deleted);
          const { changes, errors } = readEditorInterface(input, new Set(fields.map((f) => f.id)));
          if (errors.length) throw validationFailed(errors, 'The editor interface you sent is invalid.');
          return (
            (await repos.editorInterfaces.update(s, e, contentTypeId, changes, version, actorId(actor))) ??
            Promise.reject(versionMismatch(current.version, version))
          );
        },
      );
      return { record, environmentId: resolved.requestedId };
    },
  };
}

export type EditorInterfacesService = ReturnType<typeof editorInterfacesService>;
