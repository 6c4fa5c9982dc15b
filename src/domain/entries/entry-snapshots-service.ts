import { notFound } from '../../errors/index.ts';
import type { EntryRecord, SnapshotRecord, Storage } from '../../storage/port/index.ts';
import { isMasterEnvironment } from '../content/master-environment.ts';
import { localeCodes } from '../content/lifecycle-service.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import type { Actor } from '../shared/actor.ts';
import { docOf, requireReadable } from '../access/entity-access.ts';
import type { SpaceRights } from '../access/space-rights.ts';

/** A snapshot, the entry as it was stored when published, the environment id the client named and its locale codes. */
export interface EntrySnapshotView {
  snapshot: SnapshotRecord;
  entry: EntryRecord;
  environmentId: string;
  localeCodes: string[];
}

/** The publish snapshots of entries. They exist only in the master environment; elsewhere the resource is not found. */
export function entrySnapshotsService(storage: Storage, resolve: ResolveEnvironment) {
  async function ofEntry(
    actor: Actor,
    rights: SpaceRights,
    spaceId: string,
    environmentId: string | undefined,
    entryId: string,
  ): Promise<ResolvedEnvironment> {
    const resolved = await resolve(spaceId, environmentId);
    const { environment, requestedId } = resolved;
    if (!(await isMasterEnvironment(storage.repos, resolved))) {
      throw notFound('Snapshot', entryId, {
        space: spaceId,
        environment: requestedId,
        reason: 'Snapshots exist only in the master environment.',
      });
    }
    const entry = await storage.repos.entries.find(environment.spaceId, environment.id, entryId);
    const missing = () => notFound('Entry', entryId, { space: spaceId, environment: requestedId });
    if (!entry) throw missing();
    requireReadable(rights, docOf('Entry', entry), missing);
    return resolved;
  }

  const view = (snapshot: SnapshotRecord, environmentId: string, localeCodes: string[]): EntrySnapshotView => ({
    snapshot,
    entry: snapshot.snapshot as unknown as EntryRecord,
    environmentId,
    localeCodes,
  });

  return {
    /** Newest first. */
    async list(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      entryId: string,
      page: { skip: number; limit: number },
    ) {
      const { environment, requestedId } = await ofEntry(actor, rights, spaceId, environmentId, entryId);
      const { items, total } = await storage.repos.snapshots.page(
        environment.spaceId,
        environment.id,
        'Entry',
        entryId,
        page,
      );
      const codes = await localeCodes(storage, environment.spaceId, environment.id);
      return { items: items.map((s) => view(s, requestedId, codes)), total };
    },

    async get(
      actor: Actor,
      rights: SpaceRights,
      spaceId: string,
      environmentId: string | undefined,
      entryId: string,
      snapshotId: string,
    ): Promise<EntrySnapshotView> {
      const { environment, requestedId } = await ofEntry(actor, rights, spaceId, environmentId, entryId);
      const snapshot = await storage.repos.snapshots.find(
        environment.spaceId,
        environment.id,
        'Entry',
        entryId,
        snapshotId,
      );
      if (!snapshot) throw notFound('Snapshot', snapshotId, { space: spaceId, environment: requestedId });
      return view(snapshot, requestedId, await localeCodes(storage, environment.spaceId, environment.id));
    },
  };
}

export type EntrySnapshotsService = ReturnType<typeof entrySnapshotsService>;
