import type { ContentTypeView } from '../../domain/content-model/content-types-service.ts';
import type { ContentTypeSnapshotView } from '../../domain/content-model/content-type-snapshots-service.ts';
import type { ContentTypeDefinition, FieldDefinition } from '../../domain/content-model/field.ts';
import { toMillisIso } from '../../lib/time.ts';
import type { ContentTypeRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';
import { contentUrn } from './urn.ts';

/** A field with every flag explicit; `deleted` and `newId` only while they are pending. */
export const presentField = (f: FieldDefinition) => ({
  id: f.id,
  name: f.name,
  type: f.type,
  localized: f.localized,
  required: f.required,
  disabled: f.disabled,
  omitted: f.omitted,
  ...(f.deleted ? { deleted: true } : {}),
  ...(f.newId ? { newId: f.newId } : {}),
  ...(f.linkType ? { linkType: f.linkType } : {}),
  ...(f.items
    ? {
        items: {
          type: f.items.type,
          ...(f.items.linkType ? { linkType: f.items.linkType } : {}),
          validations: f.items.validations,
        },
      }
    : {}),
  validations: f.validations ?? [],
  ...(f.defaultValue ? { defaultValue: f.defaultValue } : {}),
});

const at = (iso: string | null) => (iso ? toMillisIso(iso) : undefined);

function presentSys(r: ContentTypeRecord, environmentId: string, vendorToken: string) {
  return {
    type: 'ContentType' as const,
    id: r.id,
    version: r.version,
    space: link('Space', r.spaceId),
    environment: link('Environment', environmentId),
    createdAt: toMillisIso(r.createdAt),
    updatedAt: toMillisIso(r.updatedAt),
    createdBy: userLink(r.createdBy),
    updatedBy: userLink(r.updatedBy),
    publishedCounter: r.publishedCounter,
    publishedVersion: r.publishedVersion ?? undefined,
    publishedAt: at(r.publishedAt),
    publishedBy: userLink(r.publishedBy),
    firstPublishedAt: at(r.firstPublishedAt),
    urn: contentUrn(vendorToken, r.spaceId, environmentId, 'content_types', r.id),
  };
}

const presentDefinition = (d: ContentTypeDefinition) => ({
  name: d.name,
  description: d.description,
  displayField: d.displayField,
  fields: d.fields.map(presentField),
});

/** The draft definition, as the Management API answers it. `sys.environment` names the environment as the client did. */
export const presentContentType = ({ record, environmentId }: ContentTypeView, vendorToken: string) => ({
  sys: presentSys(record, environmentId, vendorToken),
  ...presentDefinition(record),
});

/** The activated definition (`/public/content_types`). */
export const presentActivatedContentType = ({ record, environmentId }: ContentTypeView, vendorToken: string) => ({
  sys: presentSys(record, environmentId, vendorToken),
  ...presentDefinition(record.published ?? record),
});

export const presentContentTypeSnapshot = (
  { snapshot, contentType, environmentId }: ContentTypeSnapshotView,
  vendorToken: string,
) => ({
  sys: {
    type: 'Snapshot' as const,
    snapshotType: 'publish' as const,
    snapshotEntityType: 'ContentType' as const,
    id: snapshot.id,
    space: link('Space', snapshot.spaceId),
    environment: link('Environment', environmentId),
    createdAt: toMillisIso(snapshot.createdAt),
    updatedAt: toMillisIso(snapshot.createdAt),
    createdBy: userLink(snapshot.createdBy),
    updatedBy: userLink(snapshot.createdBy),
  },
  snapshot: presentContentType({ record: contentType, environmentId }, vendorToken),
});
