import { toMillisIso } from "../../lib/time.js";
import { link, userLink } from "./links.js";
import { contentUrn } from "./urn.js";
/** A field with every flag explicit; `deleted` and `newId` only while they are pending. */
export const presentField = (f) => ({
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
    ...(f.items ? { items: { type: f.items.type, ...(f.items.linkType ? { linkType: f.items.linkType } : {}), validations: f.items.validations } } : {}),
    validations: f.validations ?? [],
    ...(f.defaultValue ? { defaultValue: f.defaultValue } : {}),
});
const at = (iso) => (iso ? toMillisIso(iso) : undefined);
function presentSys(r, environmentId, vendorToken) {
    return {
        type: 'ContentType', id: r.id, version: r.version,
        space: link('Space', r.spaceId), environment: link('Environment', environmentId),
        createdAt: toMillisIso(r.createdAt), updatedAt: toMillisIso(r.updatedAt),
        createdBy: userLink(r.createdBy), updatedBy: userLink(r.updatedBy),
        publishedCounter: r.publishedCounter,
        publishedVersion: r.publishedVersion ?? undefined, publishedAt: at(r.publishedAt), publishedBy: userLink(r.publishedBy),
        firstPublishedAt: at(r.firstPublishedAt),
        urn: contentUrn(vendorToken, r.spaceId, environmentId, 'content_types', r.id),
    };
}
const presentDefinition = (d) => ({
    name: d.name, description: d.description, displayField: d.displayField, fields: d.fields.map(presentField),
});
/** The draft definition, as the Management API answers it. `sys.environment` names the environment as the client did. */
export const presentContentType = ({ record, environmentId }, vendorToken) => ({ sys: presentSys(record, environmentId, vendorToken), ...presentDefinition(record) });
/** The activated definition (`/public/content_types`). */
export const presentActivatedContentType = ({ record, environmentId }, vendorToken) => ({ sys: presentSys(record, environmentId, vendorToken), ...presentDefinition(record.published ?? record) });
export const presentContentTypeSnapshot = ({ snapshot, contentType, environmentId }, vendorToken) => ({
    sys: {
        type: 'Snapshot', snapshotType: 'publish', snapshotEntityType: 'ContentType', id: snapshot.id,
        space: link('Space', snapshot.spaceId), environment: link('Environment', environmentId),
        createdAt: toMillisIso(snapshot.createdAt), updatedAt: toMillisIso(snapshot.createdAt),
        createdBy: userLink(snapshot.createdBy), updatedBy: userLink(snapshot.createdBy),
    },
    snapshot: presentContentType({ record: contentType, environmentId }, vendorToken),
});
