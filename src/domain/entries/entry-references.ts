import type { AssetRecord, EntryRecord, SearchScope, Storage } from '../../storage/port/index.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';
import { SYS_ID } from '../search/query.ts';
import { linkBearing } from './entry-content-type.ts';
import { linkTargets, type LinkTarget, type LinkTargetType } from './link-targets.ts';

/** `include` when the client sends none (what the official SDK sends by default) and the most it may ask for. */
export const DEFAULT_INCLUDE = 2;
export const MAX_INCLUDE = 10;

/** Ids per read: the search reads a batch in one statement with a bound array. */
const BATCH = 1000;

/** What an entry links to: entries (never the entry itself) and assets in the order first met, and the links that did not resolve. */
export interface EntryReferences {
  entries: EntryRecord[];
  assets: AssetRecord[];
  unresolved: LinkTarget[];
}

/** The draft records of one type with the given ids, read in batches (one statement per batch of ids). */
async function readByIds(
  storage: Storage,
  scope: SearchScope,
  linkType: LinkTargetType,
  ids: string[],
): Promise<Array<EntryRecord | AssetRecord>> {
  const found: Array<EntryRecord | AssetRecord> = [];
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const query = {
      state: 'draft' as const,
      where: { kind: 'compare' as const, path: SYS_ID, op: 'in' as const, value: batch },
      order: [{ kind: 'path' as const, path: SYS_ID, direction: 'asc' as const }],
      skip: 0,
      limit: batch.length,
    };
    const page =
      linkType === 'Entry'
        ? await storage.repos.search.entries(scope, { ...query, target: 'Entry' }, { total: false })
        : await storage.repos.search.assets(scope, { ...query, target: 'Asset' }, { total: false });
    found.push(...page.items);
  }
  return found;
}

/**
 * Follows the links of `root` breadth first, `include` levels deep: level 1 is what the root links to, level 2 what
 * those entries link to, and so on. Each level costs one read of the entries and one of the assets it newly
 * names (plus one of the content type definitions not met before, which say which fields hold links), whatever the
 * number of links; a record already met is not read again, so cycles end.
 */
export async function collectReferences(
  storage: Storage,
  scope: SearchScope,
  root: EntryRecord,
  include: number,
): Promise<EntryReferences> {
  const entries = new Map<string, EntryRecord>([[root.id, root]]);
  const assets = new Map<string, AssetRecord>();
  const unresolved = new Map<string, LinkTarget>();
  const definitions = new Map<string, ContentTypeDefinition | undefined>();
  let frontier: EntryRecord[] = [root];
  for (let level = 1; level <= include && frontier.length > 0; level++) {
    await learnDefinitions(storage, scope, frontier, definitions);
    const wanted = { Entry: new Set<string>(), Asset: new Set<string>() };
    for (const entry of frontier) {
      for (const target of linkTargets(linkBearing(definitions.get(entry.contentTypeId), entry.fields, undefined))) {
        const met = target.linkType === 'Entry' ? entries.has(target.id) : assets.has(target.id);
        if (!met && !unresolved.has(`${target.linkType}:${target.id}`)) wanted[target.linkType].add(target.id);
      }
    }
    const [newEntries, newAssets] = [
      (await readByIds(storage, scope, 'Entry', [...wanted.Entry])) as EntryRecord[],
      await readByIds(storage, scope, 'Asset', [...wanted.Asset]),
    ];
    for (const entry of newEntries) entries.set(entry.id, entry);
    for (const asset of newAssets) assets.set(asset.id, asset);
    for (const linkType of ['Entry', 'Asset'] as const) {
      const found = linkType === 'Entry' ? entries : assets;
      for (const id of wanted[linkType]) if (!found.has(id)) unresolved.set(`${linkType}:${id}`, { linkType, id });
    }
    frontier = newEntries;
  }
  entries.delete(root.id);
  return { entries: [...entries.values()], assets: [...assets.values()], unresolved: [...unresolved.values()] };
}

/** Reads, in one statement, the activated definitions of the frontier's content types not met before. */
async function learnDefinitions(
  storage: Storage,
  scope: SearchScope,
  frontier: EntryRecord[],
  into: Map<string, ContentTypeDefinition | undefined>,
) {
  const missing = [...new Set(frontier.map((e) => e.contentTypeId))].filter((id) => !into.has(id));
  if (missing.length === 0) return;
  const read = await storage.repos.search.activatedContentTypes(scope, missing);
  for (const id of missing) into.set(id, read.get(id));
}
