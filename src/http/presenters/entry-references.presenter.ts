import type { EntryReferencesView } from '../../domain/entries/entries-service.ts';
import type { components } from '../../../generated/types/management.d.ts';
import { presentAsset } from './assets.presenter.ts';
import { presentEntry } from './entries.presenter.ts';

type EntryReferences = components['schemas']['EntryReferences'];

/**
 * `GET .../entries/{id}/references` as the hosted service answers it: the entry alone in `items`, what it links to
 * in `includes.Entry` / `includes.Asset` (a key only when it has items), and `errors` for links that did not
 * resolve. `total`, `skip` and `limit` are there too, as the official SDK's collection type expects them.
 */
export function presentEntryReferences(
  { entry, entries, assets, unresolved }: EntryReferencesView,
  vendorToken: string,
): EntryReferences {
  const { environmentId, localeCodes } = entry;
  const includes: EntryReferences['includes'] = {};
  if (entries.length)
    includes.Entry = entries.map((record) => presentEntry({ record, environmentId, localeCodes }, vendorToken));
  if (assets.length)
    includes.Asset = assets.map((record) => presentAsset({ record, environmentId, localeCodes }, vendorToken));
  const body: EntryReferences = {
    sys: { type: 'Array' },
    total: 1,
    skip: 0,
    limit: 1,
    items: [presentEntry(entry, vendorToken)],
    includes,
  };
  if (unresolved.length) {
    body.errors = unresolved.map(({ linkType, id }) => ({
      sys: { type: 'error', id: 'notResolvable' },
      details: { type: 'Link', linkType, id },
    }));
  }
  return body;
}
