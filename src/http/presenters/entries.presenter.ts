import type { EntrySnapshotView } from '../../domain/entries/entry-snapshots-service.ts';
import type { ContentRecord, EntryRecord } from '../../storage/port/index.ts';
import { toMillisIso } from '../../lib/time.ts';
import { fieldStatus } from '../../domain/content/publish-status.ts';
import type { ContentView } from '../../domain/content/lifecycle-service.ts';
import { link, userLink } from './links.ts';
import { contentUrn } from './urn.ts';

const millis = (iso: string | null) => (iso ? toMillisIso(iso) : undefined);
const orUndefined = <T>(v: T | null) => v ?? undefined;

/**
 * The `sys` of entries and assets: milliseconds, publishing and archiving properties only while they apply,
 * `environment` as the client named it, the status per locale and the resource name.
 */
export function contentSys<T extends 'Entry' | 'Asset'>(
  type: T,
  { record: r, environmentId, localeCodes }: ContentView<ContentRecord>,
  vendorToken: string,
) {
  return {
    type,
    id: r.id,
    version: r.version,
    space: link('Space', r.spaceId),
    environment: link('Environment', environmentId),
    createdAt: toMillisIso(r.createdAt),
    updatedAt: toMillisIso(r.updatedAt),
    createdBy: userLink(r.createdBy),
    updatedBy: userLink(r.updatedBy),
    publishedCounter: r.publishedCounter,
    publishedVersion: orUndefined(r.publishedVersion),
    publishedAt: millis(r.publishedAt),
    publishedBy: userLink(r.publishedBy),
    firstPublishedAt: millis(r.firstPublishedAt),
    archivedVersion: orUndefined(r.archivedVersion),
    archivedAt: millis(r.archivedAt),
    archivedBy: userLink(r.archivedBy),
    fieldStatus: fieldStatus(r, localeCodes),
    urn: contentUrn(vendorToken, r.spaceId, environmentId, type === 'Entry' ? 'entries' : 'assets', r.id),
  };
}

export const contentMetadata = (tags: string[]) => ({ tags: tags.map((id) => link('Tag', id)) });

export const presentEntry = (view: ContentView<EntryRecord>, vendorToken: string) => ({
  metadata: contentMetadata(view.record.tags),
  sys: { ...contentSys('Entry', view, vendorToken), contentType: link('ContentType', view.record.contentTypeId) },
  fields: view.record.fields,
});

/** A snapshot holds the entry exactly as it was when published, with its `sys` of that moment. */
export const presentEntrySnapshot = (
  { snapshot: s, entry, environmentId, localeCodes }: EntrySnapshotView,
  vendorToken: string,
) => ({
  sys: {
    type: 'Snapshot',
    snapshotType: 'publish',
    snapshotEntityType: 'Entry',
    id: s.id,
    space: link('Space', s.spaceId),
    environment: link('Environment', environmentId),
    createdAt: toMillisIso(s.createdAt),
    updatedAt: toMillisIso(s.createdAt),
    createdBy: userLink(s.createdBy),
    updatedBy: userLink(s.createdBy),
  },
  snapshot: presentEntry({ record: entry, environmentId, localeCodes }, vendorToken),
});
