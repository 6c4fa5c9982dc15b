import { notFound } from '../../errors/index.ts';
import type { ContentTypeRecord, SnapshotRecord, Storage } from '../../storage/port/index.ts';
import { isMasterEnvironment } from '../content/master-environment.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import type { Actor } from '../shared/actor.ts';

/** A snapshot, the content type as it was activated, and the environment id the client named. */
export interface ContentTypeSnapshotView {
  snapshot: SnapshotRecord;
  contentType: ContentTypeRecord;
  environmentId: string;
}

/** The activation snapshots of content types. They exist only in the master environment; elsewhere the resource is not found. */
export function contentTypeSnapshotsService(storage: Storage, resolve: ResolveEnvironment) {
  async function ofContentType(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
    contentTypeId: string,
  ): Promise<ResolvedEnvironment> {
    const resolved = await resolve(spaceId, environmentId);
    const { environment, requestedId } = resolved;
    if (!(await isMasterEnvironment(storage.repos, resolved))) {
      throw notFound('Snapshot', contentTypeId, {
        space: spaceId,
        environment: requestedId,
        reason: 'Snapshots exist only in the master environment.',
      });
    }
    if (!(await storage.repos.contentTypes.find(environment.spaceId, environment.id, contentTypeId))) {
      throw notFound('ContentType', contentTypeId, { space: spaceId, environment: requestedId });
    }
    return resolved;
  }

  const view = (snapshot: SnapshotRecord, environmentId: string): ContentTypeSnapshotView => ({
    snapshot,
    contentType: snapshot.snapshot as unknown as ContentTypeRecord,
    environmentId,
  });

  return {
    /** Newest first. */
    async list(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      contentTypeId: string,
      page: { skip: number; limit: number },
    ) {
      const { environment, requestedId } = await ofContentType(actor, spaceId, environmentId, contentTypeId);
      const { items, total } = await storage.repos.snapshots.page(
        environment.spaceId,
        environment.id,
        'ContentType',
        contentTypeId,
        page,
      );
      return { items: items.map((s) => view(s, requestedId)), total };
    },

    async get(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      contentTypeId: string,
      snapshotId: string,
    ): Promise<ContentTypeSnapshotView> {
      const { environment, requestedId } = await ofContentType(actor, spaceId, environmentId, contentTypeId);
      const snapshot = await storage.repos.snapshots.find(
        environment.spaceId,
        environment.id,
        'ContentType',
        contentTypeId,
        snapshotId,
      );
      if (!snapshot) throw notFound('Snapshot', snapshotId, { space: spaceId, environment: requestedId });
      return view(snapshot, requestedId);
    },
  };
}

export type ContentTypeSnapshotsService = ReturnType<typeof contentTypeSnapshotsService>;
