import { sql, type RawBuilder } from 'kysely';
import type { LocaleRecord } from '../port/locales.ts';
import type { Executor } from './executor.ts';

/** `fields` without the locale's values; a field left without any value is dropped (empty fields are omitted). */
const without = (column: 'fields' | 'published_fields', code: string): RawBuilder<unknown> => sql`coalesce((
  select jsonb_object_agg(f.key, case when jsonb_typeof(f.value) = 'object' then f.value - ${code}::text else f.value end)
  from jsonb_each(${sql.ref(column)}) as f
  where jsonb_typeof(f.value) <> 'object' or (f.value - ${code}::text) <> '{}'::jsonb
), '{}'::jsonb)`;

const holds = (column: 'fields' | 'published_fields', code: string): RawBuilder<boolean> => sql<boolean>`exists (
  select 1 from jsonb_each(coalesce(${sql.ref(column)}, '{}'::jsonb)) as f where jsonb_typeof(f.value) = 'object' and f.value ? ${code}::text)`;

/**
 * Removes every value of a deleted locale from the entries and assets of its environment (draft and published),
 * and the locale's rows of the link index: set-based, in the transaction that deletes the locale. Versions do not
 * change: the values are gone with the locale, not edited.
 */
export async function deleteLocaleContent(db: Executor, locale: LocaleRecord): Promise<void> {
  for (const table of ['entries', 'assets'] as const) {
    await db
      .updateTable(table as 'entries')
      .set({
        fields: without('fields', locale.code) as never,
        published_fields:
          sql`case when published_fields is null then null else ${without('published_fields', locale.code)} end` as never,
      })
      .where('space_id', '=', locale.spaceId)
      .where('environment_id', '=', locale.environmentId)
      .where(sql<boolean>`(${holds('fields', locale.code)} or ${holds('published_fields', locale.code)})`)
      .execute();
  }
  await db
    .deleteFrom('entry_links')
    .where('space_id', '=', locale.spaceId)
    .where('environment_id', '=', locale.environmentId)
    .where('locale', '=', locale.code)
    .execute();
}
