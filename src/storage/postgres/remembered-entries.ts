import { sql } from 'kysely';
import { lru } from '../../lib/lru.ts';
import type { EntryRecord } from '../port/content.ts';
import { keyOf } from './batch-binding.ts';
import type { LinkColumns } from './entry-links.ts';
import { linkTargetsReadWith } from './entry-read-batch.ts';
import type { Sql } from './search/sql-values.ts';

/** How many created entries a process remembers (about 2 KB each). */
export const REMEMBERED_ENTRIES = 4096;

/** The `xmin` of the row a remembered record was made of: any later write of the row gives it another. */
const rowVersionOf = new WeakMap<EntryRecord, string>();

/**
 * The entries this process created, as their insert answered them: a publish that follows a create needs no read of
 * the entry when its statement writes only if the row and the entries it links to are still as they were then
 * (`publishBasis`). Never an answer of its own: what is remembered is only ever a claim that such a write checks.
 */
export function rememberedEntries(capacity = REMEMBERED_ENTRIES) {
  const recent = lru<EntryRecord>(capacity);
  const key = (spaceId: string, environmentId: string, id: string) => keyOf(spaceId, environmentId, id);
  return {
    /** `record` as made of an inserted `row` that came back with its `row_xmin` (and its link targets remembered). */
    remember(record: EntryRecord, row: Record<string, unknown>): void {
      if (typeof row.row_xmin !== 'string') return;
      rowVersionOf.set(record, row.row_xmin);
      recent.set(key(record.spaceId, record.environmentId, record.id), record);
    },
    /** The entry as this process created it, if it was left at `version` then. */
    find(spaceId: string, environmentId: string, id: string, version: number): EntryRecord | undefined {
      const record = recent.get(key(spaceId, environmentId, id));
      return record?.version === version ? record : undefined;
    },
    forget(spaceId: string, environmentId: string, id: string): void {
      recent.delete(key(spaceId, environmentId, id));
    },
  };
}

export type RememberedEntries = ReturnType<typeof rememberedEntries>;

/**
 * What a publish validated against `basis` must still find, when `basis` is a remembered record: its row unchanged
 * (`rowXmin`), and each linked entry (per link of `links`, null for the others) still there with the content type it
 * had. Nulls when `basis` was read just before (the publish checks the version, as always).
 */
export function publishBasis(
  basis: EntryRecord | undefined,
  links: LinkColumns,
): { rowXmin: string | null; expectedTypes: Array<string | null> } {
  const rowXmin = basis ? rowVersionOf.get(basis) : undefined;
  if (rowXmin === undefined) return { rowXmin: null, expectedTypes: links.targetIds.map(() => null) };
  const targets = linkTargetsReadWith(basis!);
  return {
    rowXmin,
    expectedTypes: links.targetIds.map((id, i) =>
      links.targetTypes[i] === 'Entry' ? (targets?.get(id)?.contentTypeId ?? null) : null,
    ),
  };
}

/**
 * The condition under which a publish of `row` writes on its basis (`publishBasis`): always without a row version;
 * otherwise the row still has it, and every link of `links` (a relation `c` with `target_id` and `expected_type`,
 * narrowed by `linksOfRow`) that expects a type still finds its entry, of that type. The target's type is read by a
 * scalar subquery, a lookup by its key whatever the statistics say: as a join (`not exists`), tables never analyzed
 * got a plan that scanned the whole environment for each link.
 */
export function basisHolds(row: Sql, rowXmin: Sql, links: Sql, linksOfRow: Sql, spaceId: Sql, environmentId: Sql): Sql {
  return sql`(${rowXmin} is null or (${row}.xmin = ${rowXmin}::xid and not exists (
    select from ${links} where ${linksOfRow} and c.expected_type is not null and c.expected_type is distinct from (
      select t.content_type_id from entries as t where t.space_id = ${spaceId} and t.environment_id = ${environmentId} and t.id = c.target_id))))`;
}
