import type { Services } from '../../domain/index.ts';
import { rightsOf } from '../../domain/access/authorizer.ts';
import { collection, parsePage } from '../../domain/shared/paging.ts';
import { created, noContent, ok, type ApiRequest } from '../handler.ts';
import { presentEntry, presentEntrySnapshot } from '../presenters/entries.presenter.ts';
import { autoSaved } from './auto-save-header.ts';
import { presentEntryReferences } from '../presenters/entry-references.presenter.ts';

import { onBothPaths } from './on-both-paths.ts';

/** What the service arguments read of an operation on one entry, on either path. */
type EntryRequest = Pick<ApiRequest<'Entries_get' | 'MasterEntries_get'>, 'actor' | 'grant' | 'params'>;

const location = (
  req: Pick<ApiRequest<'Entries_create' | 'MasterEntries_create'>, 'baseUrl' | 'params'>,
  id: string,
) => {
  const base = req.params.environment_id === undefined ? '' : `/environments/${req.params.environment_id}`;
  return `${req.baseUrl}/spaces/${req.params.space_id}${base}/entries/${id}`;
};

/** One implementation per operation, bound to both `Entries_*` (environment path) and `MasterEntries_*` (no environment: master). */
export function entriesHandlers({ entries, entrySnapshots }: Services) {
  const at = (req: EntryRequest) =>
    [req.actor, rightsOf(req.grant), req.params.space_id, req.params.environment_id, req.params.entry_id] as const;
  return onBothPaths('Entries', {
    create: async (req) => {
      const view = await entries.create(
        req.actor,
        rightsOf(req.grant),
        req.params.space_id,
        req.params.environment_id,
        req.vendorHeader('Content-Type')!,
        req.body,
      );
      return created(presentEntry(view, req.vendorToken), location(req, view.record.id));
    },
    get: async (req) => ok(presentEntry(await entries.get(...at(req)), req.vendorToken)),
    createOrUpdate: async (req) => {
      const { created: isNew, view } = await entries.createOrUpdate(
        ...at(req),
        req.vendorHeader('Content-Type'),
        req.body,
        req.version,
        autoSaved(req),
      );
      return isNew
        ? created(presentEntry(view, req.vendorToken), location(req, view.record.id))
        : ok(presentEntry(view, req.vendorToken));
    },
    patch: async (req) =>
      ok(presentEntry(await entries.patch(...at(req), req.body, req.version, autoSaved(req)), req.vendorToken)),
    getReferences: async (req) =>
      ok(presentEntryReferences(await entries.references(...at(req), req.query.include), req.vendorToken)),
    delete: async (req) => {
      await entries.delete(...at(req));
      return noContent();
    },
    publish: async (req) => ok(presentEntry(await entries.publish(...at(req), req.version), req.vendorToken)),
    unpublish: async (req) => ok(presentEntry(await entries.unpublish(...at(req)), req.vendorToken)),
    archive: async (req) => ok(presentEntry(await entries.archive(...at(req), req.version), req.vendorToken)),
    unarchive: async (req) => ok(presentEntry(await entries.unarchive(...at(req), req.version), req.vendorToken)),
    listSnapshots: async (req) => {
      const page = parsePage({ skip: req.query.skip, limit: req.query.limit }, {}, []);
      const { items, total } = await entrySnapshots.list(...at(req), page);
      return ok(
        collection(
          items.map((item) => presentEntrySnapshot(item, req.vendorToken)),
          total,
          page,
        ),
      );
    },
    getSnapshot: async (req) =>
      ok(presentEntrySnapshot(await entrySnapshots.get(...at(req), req.params.snapshot_id), req.vendorToken)),
  });
}
