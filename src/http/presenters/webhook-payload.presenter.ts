import type { AssetRecord, ContentEventRecord, ContentTypeRecord, EntryRecord } from '../../storage/port/index.ts';
import { toMillisIso } from '../../lib/time.ts';
import { presentAsset } from './assets.presenter.ts';
import { presentActivatedContentType, presentContentType } from './content-types.presenter.ts';
import { presentEntry } from './entries.presenter.ts';
import { link } from './links.ts';

/** The sys of a published entity: `revision` (how often it was published) instead of `version`, as of its publish. */
function publishedSys<S extends { version: number }>(sys: S, record: { publishedCounter: number; publishedAt: string | null }) {
  const { version: _version, ...rest } = sys;
  return { ...rest, revision: record.publishedCounter, ...(record.publishedAt ? { updatedAt: toMillisIso(record.publishedAt) } : {}) };
}

/** What unpublish and delete events carry: the `Deleted<Type>` stub (entries name their content type). */
function deletedStub(event: ContentEventRecord) {
  const r = event.entity;
  const at = toMillisIso(event.occurredAt);
  return {
    sys: {
      type: `Deleted${event.entityType}`, id: r.id,
      space: link('Space', r.spaceId), environment: link('Environment', event.requestedEnvironmentId),
      ...(event.entityType === 'Entry' ? { contentType: link('ContentType', (r as EntryRecord).contentTypeId) } : {}),
      revision: r.publishedCounter, createdAt: toMillisIso(r.createdAt), updatedAt: at, deletedAt: at,
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
  const shown = publish ? { ...record, fields: record.publishedFields ?? record.fields, tags: record.publishedTags ?? record.tags } : record;
  const view = { record: shown, environmentId, localeCodes };
  const presented = event.entityType === 'Entry' ? presentEntry(view as { record: EntryRecord; environmentId: string; localeCodes: string[] }, vendorToken) : presentAsset(view, vendorToken);
  return publish ? { ...presented, sys: publishedSys(presented.sys, record) } : presented;
}
