import { AppError, notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { ExtensionOrderKey, ExtensionRecord, PageRequest, Storage } from '../../storage/port/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { extensionErrors, type ExtensionInput } from './extension-rules.ts';

/** An extension and the environment id the client named. */
export interface ExtensionView {
  record: ExtensionRecord;
  environmentId: string;
}

/** The stored parts of a checked body: the definition as sent, the installation parameter values (default `{}`). */
function checked(input: ExtensionInput): Pick<ExtensionRecord, 'extension' | 'parameters'> {
  const errors = extensionErrors(input);
  if (errors.length) throw validationFailed(errors, 'The extension you sent is invalid.');
  return {
    extension: input.extension as Record<string, unknown>,
    parameters: (input.parameters ?? {}) as Record<string, unknown>,
  };
}

/** UI extensions of an environment. Who may write is the authorizer's decision (`domain/access`). */
export function extensionsService(storage: Storage, resolve: ResolveEnvironment) {
  async function forWrite(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
  ): Promise<ResolvedEnvironment> {
    return resolve(spaceId, environmentId);
  }
  const missing = (resolved: ResolvedEnvironment, id: string) =>
    notFound('Extension', id, { space: resolved.environment.spaceId, environment: resolved.requestedId });
  const view = (resolved: ResolvedEnvironment, record: ExtensionRecord): ExtensionView => ({
    record,
    environmentId: resolved.requestedId,
  });

  return {
    async list(actor: Actor, spaceId: string, environmentId: string | undefined, page: PageRequest<ExtensionOrderKey>) {
      const resolved = await resolve(spaceId, environmentId);
      const { items, total } = await storage.repos.extensions.page(
        resolved.environment.spaceId,
        resolved.environment.id,
        page,
      );
      return { items: items.map((record) => view(resolved, record)), total };
    },

    async get(actor: Actor, spaceId: string, environmentId: string | undefined, id: string): Promise<ExtensionView> {
      const resolved = await resolve(spaceId, environmentId);
      const record = await storage.repos.extensions.find(resolved.environment.spaceId, resolved.environment.id, id);
      if (!record) throw missing(resolved, id);
      return view(resolved, record);
    },

    async create(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      input: ExtensionInput,
    ): Promise<ExtensionView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const record = await storage.repos.extensions.insert({
        spaceId: resolved.environment.spaceId,
        environmentId: resolved.environment.id,
        id: generateId(),
        ...checked(input),
        createdBy: actorId(actor),
      });
      if (!record) throw new AppError('ServerError', 'A generated extension id was taken.');
      return view(resolved, record);
    },

    /** Creates with the chosen id, or replaces at the current version. */
    async createOrUpdate(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      id: string,
      input: ExtensionInput,
      version: number | undefined,
    ): Promise<{ view: ExtensionView; created: boolean }> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const { spaceId: s, id: e } = resolved.environment;
      const existing = await storage.repos.extensions.find(s, e, id);
      if (!existing) {
        const record = await storage.repos.extensions.insert({
          spaceId: s,
          environmentId: e,
          id,
          ...checked(input),
          createdBy: actorId(actor),
        });
        if (record) return { view: view(resolved, record), created: true };
        throw versionMismatch((await storage.repos.extensions.find(s, e, id))?.version, version);
      }
      if (version !== existing.version) throw versionMismatch(existing.version, version);
      const updated = await storage.repos.extensions.update(s, e, id, checked(input), version, actorId(actor));
      if (updated) return { view: view(resolved, updated), created: false };
      const now = await storage.repos.extensions.find(s, e, id);
      throw now ? versionMismatch(now.version, version) : missing(resolved, id);
    },

    async delete(actor: Actor, spaceId: string, environmentId: string | undefined, id: string): Promise<void> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      if (!(await storage.repos.extensions.delete(resolved.environment.spaceId, resolved.environment.id, id)))
        throw missing(resolved, id);
    },
  };
}

export type ExtensionsService = ReturnType<typeof extensionsService>;
