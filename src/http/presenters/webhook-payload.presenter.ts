import type { AssetRecord, ContentEventRecord, ContentTypeRecord, EntryRecord } from '../../storage/port/index.ts';
import { toMillisIso } from '../../lib/time.ts';
import { presentAsset } from './assets.presenter.ts';
import { presentActivatedContentType, presentContentType } from './content-types.presenter.ts';
import { presentEntry } from './entries.presenter.ts';
import { link, userLink } from './links.ts';

interface PresentedSys {
  type: string;
  id: string;
  space: unknown;
  environment: unknown;
  contentType?: unknown;
  createdBy?: unknown;
  updatedBy?: unknown;
  createdAt: string;
  updatedAt: string;
}

/**
 * The sys of a published entity as publish events carry it (the toolkit's `BaseEntityPublishEventSys`): `revision`
 * (how often it was published) instead of `version`, `updatedAt` its publish, and none of the draft's bookkeeping
 * (`publishedAt`, `fieldStatus`, `urn`...), as the delivery API shows an entity.
 */
function publishedSys(
  sys: PresentedSys,
  record: { publishedCounter: number; publishedAt: string | null; publishedVersion: number | null },
) {
  return {
    type: sys.type,
    id: sys.id,
    space: sys.space,
    environment: sys.environment,
    ...(sys.contentType ? { contentType: sys.contentType } : {}),
    ...(sys.createdBy ? { createdBy: sys.createdBy } : {}),
    ...(sys.updatedBy ? { updatedBy: sys.updatedBy } : {}),
    revision: record.publishedCounter,
    createdAt: sys.createdAt,
    updatedAt: record.publishedAt ? toMillisIso(record.publishedAt) : sys.updatedAt,
    ...(record.publishedVersion !== null ? { publishedVersion: record.publishedVersion } : {}),
  };
}

/**
 * What unpublish and delete events carry: the `Deleted<Type>` stub (entries name their content type). Its
 * `createdAt`, `updatedAt` and `deletedAt` are all the moment of the change, as the hosted service sends them.
 */
function deletedStub(event: ContentEventRecord) {
  const r = event.entity;
  const at = toMillisIso(event.occurredAt);
  return {
    sys: {
      type: `Deleted${event.entityType}`,
      id: r.id,
      space: link('Space', r.spaceId),
      environment: link('Environment', event.requestedEnvironmentId),
      ...(event.entityType === 'Entry' ? { contentType: link('ContentType', (r as EntryRecord).contentTypeId) } : {}),
      revision: r.publishedCounter,
      createdAt: at,
      updatedAt: at,
      deletedAt: at,
      ...(event.actorId ? { deletedBy: userLink(event.actorId) } : {}),
    },
  };
}

/**
 * The body of a webhook call for a content event, rendered by the API's own presenters from the entity as the event
 * committed it: publish gives the published entity, unpublish and delete the deletion stub, every other action the
 * latest draft as the Management API answers it. `sys.environment` names the environment as the change's request did
 * (an alias id through an alias), as the API's answer to it did. `localeCodes`: the environment's (entries' and
 * assets' `fieldStatus`).
 */
export function presentEventPayload(event: ContentEventRecord, localeCodes: string[], vendorToken: string): unknown {
  if (event.action === 'unpublish' || event.action === 'delete') return deletedStub(event);
  const environmentId = event.requestedEnvironmentId;
  const publish = event.action === 'publish';
  if (event.entityType === 'ContentType') {
    const view = { record: event.entity as ContentTypeRecord, environmentId };
    if (!publish) return presentContentType(view, vendorToken);
    const activated = presentActivatedContentType(view, vendorToken);
    return { ...activated, sys: publishedSys(activated.sys, view.record) };
  }
  const record = event.entity as EntryRecord | AssetRecord;
  const shown = publish
    ? { ...record, fields: record.publishedFields ?? record.fields, tags: record.publishedTags ?? record.tags }
    : record;
  const view = { record: shown, environmentId, localeCodes };
  const presented =
    event.entityType === 'Entry'
      ? presentEntry(view as { record: EntryRecord; environmentId: string; localeCodes: string[] }, vendorToken)
      : presentAsset(view, vendorToken);
  return publish ? { ...presented, sys: publishedSys(presented.sys, record) } : presented;
}
