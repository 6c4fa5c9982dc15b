import { sql } from 'kysely';
import { appendLinks, firstOfEachKey, keyOf, type ItemLinkColumns } from './batch-binding.ts';
import { createdLinksOf, type LinkColumns } from './entry-links.ts';
import type { Executor } from './executor.ts';
import { entryTargetsOf } from './entry-read-batch.ts';
import {
  compiledOnEitherPath,
  requestedEnvironmentOf,
  setsRequestedEnvironment,
  type OnRequestedEnvironment,
} from './requested-environment.ts';

/** One entry to create, as `insertEntry` of entries-repository.ts takes it: `fields` is JSON text. */
export interface EntryInsert extends LinkColumns, OnRequestedEnvironment {
  spaceId: string;
  environmentId: string;
  id: string;
  contentTypeId: string;
  fields: string;
  tags: string[];
  createdBy: string | null;
}

/**
 * The entries as parallel columns, one element per entry. Tags are one flat array, each entry's being the slice
 * `tagsFrom..tagsTo` (a text[][] would have to be rectangular). Links are the link columns of every entry in a row,
 * `linkItems` saying whose (the entry's 1-based place in the columns).
 */
interface BatchValues extends ItemLinkColumns {
  spaceIds: string[];
  environmentIds: string[];
  ids: string[];
  contentTypeIds: string[];
  fields: string[];
  tags: string[];
  tagsFrom: number[];
  tagsTo: number[];
  createdBy: Array<string | null>;
  /** The items' requested environment (`setsRequestedEnvironment`), null in the statement without it. */
  requestedEnvironmentId: string | null;
}

/**
 * One statement, one text whatever the number of entries and links: the rows, and the draft rows of the link index
 * of those actually inserted (as `createdLinksCte` writes them for one). Rows are inserted in key order, so two
 * batches that share ids wait for each other instead of deadlocking. Each row comes back with its `xmin` and what its
 * links point to (`draft_link_targets`), as a publish that follows needs them (remembered-entries.ts).
 */
const insertBatch = compiledOnEitherPath(
  (onPath) => (b: BatchValues) => sql`with i as (
    select * from unnest(${b.spaceIds}::text[], ${b.environmentIds}::text[], ${b.ids}::text[], ${b.contentTypeIds}::text[],
      ${b.fields}::text[], ${b.tagsFrom}::int[], ${b.tagsTo}::int[], ${b.createdBy}::text[])
      with ordinality as i(space_id, environment_id, id, content_type_id, fields, tags_from, tags_to, created_by, item)),
  e as (
    insert into entries (space_id, environment_id, id, content_type_id, fields, tags, created_by, updated_by)
    select i.space_id, i.environment_id, i.id, i.content_type_id, i.fields::jsonb, (${b.tags}::text[])[i.tags_from:i.tags_to],
      i.created_by, i.created_by
    from i order by i.space_id, i.environment_id, i.id
    on conflict (space_id, environment_id, id) do nothing returning *, xmin::text as row_xmin),
  links_new as (
    select e.space_id, e.environment_id, e.id as source_id, n.field_id, n.locale, n.position, n.target_type, n.target_id
    from unnest(${b.linkItems}::int[], ${b.fieldIds}::text[], ${b.locales}::text[], ${b.positions}::int[],
      ${b.targetTypes}::text[], ${b.targetIds}::text[]) as n(item, field_id, locale, position, target_type, target_id)
    join i on i.item = n.item
    join e on e.space_id = i.space_id and e.environment_id = i.environment_id and e.id = i.id),
  links_put as (${createdLinksOf('draft')})
  select e.*, ${entryTargetsOf(sql`links_new l`, sql`l.space_id = e.space_id and l.environment_id = e.environment_id and l.source_id = e.id`)}
    as draft_link_targets
  from e ${setsRequestedEnvironment(onPath, b.requestedEnvironmentId)}`,
);

/** The columns of `items`, which hold no two entries of one key. */
function batchValues(items: EntryInsert[]): BatchValues {
  const values: BatchValues = {
    spaceIds: [],
    environmentIds: [],
    ids: [],
    contentTypeIds: [],
    fields: [],
    tags: [],
    tagsFrom: [],
    tagsTo: [],
    createdBy: [],
    linkItems: [],
    fieldIds: [],
    locales: [],
    positions: [],
    targetTypes: [],
    targetIds: [],
    requestedEnvironmentId: requestedEnvironmentOf(items),
  };
  items.forEach((e, index) => {
    values.spaceIds.push(e.spaceId);
    values.environmentIds.push(e.environmentId);
    values.ids.push(e.id);
    values.contentTypeIds.push(e.contentTypeId);
    values.fields.push(e.fields);
    values.createdBy.push(e.createdBy);
    values.tagsFrom.push(values.tags.length + 1);
    values.tags.push(...e.tags);
    values.tagsTo.push(values.tags.length);
    appendLinks(values, e, index + 1);
  });
  return values;
}

/**
 * Inserts entries as N single inserts would (rows, link index, search values, notifications), in one statement:
 * answers, in input order, the row inserted for each item, undefined when its id was taken. Of items with one key,
 * only the first is inserted (and its links written); the later ones answer undefined. The statement fails as a
 * whole when one item fails (an unknown content type, space or environment). The items share one requested environment.
 */
export async function insertEntries(
  db: Executor,
  items: EntryInsert[],
): Promise<Array<Record<string, unknown> | undefined>> {
  const answers: Array<Record<string, unknown> | undefined> = items.map(() => undefined);
  const firsts = firstOfEachKey(items, (e) => keyOf(e.spaceId, e.environmentId, e.id));
  if (firsts.length === 0) return answers;
  const { rows } = await insertBatch<Record<string, unknown>>(db, batchValues(firsts.map((f) => f.item)));
  const inserted = new Map(rows.map((r) => [keyOf(r.space_id, r.environment_id, r.id), r]));
  for (const { at, key } of firsts) answers[at] = inserted.get(key);
  return answers;
}
