import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, insertSpace, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import type { Storage } from '../port/index.ts';
import type { OpenDatabase } from './index.ts';

const FIELDS = [
  { id: 'title', type: 'Symbol' },
  { id: 'author', type: 'Link', linkType: 'Entry' },
];

for (const kind of DB_KINDS) {
  describe(`${kind}: environment copy`, () => {
    let open: OpenDatabase;
    let storage: Storage;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      ({ open, storage, close } = await openMigratedDatabase(kind));
    });
    afterAll(async () => {
      await close?.();
    });

    /** A source environment of `count` entries, each linking the first, with their link index rows (every other one of both states, the others of the draft). */
    async function arrange(spaceId: string, count: number) {
      await insertSpace(storage, spaceId, ['master', 'copy']);
      await sql`insert into content_types (space_id, environment_id, id, name, fields, published)
        values (${spaceId}, 'master', 'ct', 'CT', ${JSON.stringify(FIELDS)}::jsonb, ${JSON.stringify({ fields: FIELDS })}::jsonb)`.execute(
        open.db,
      );
      for (let n = 0; n < count; n += 1) {
        const fields = {
          title: { 'en-US': `E${n}` },
          author: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'e0' } } },
        };
        await sql`insert into entries (space_id, environment_id, id, content_type_id, fields, published_fields)
          values (${spaceId}, 'master', ${`e${n}`}, 'ct', ${JSON.stringify(fields)}::jsonb, ${JSON.stringify(fields)}::jsonb)`.execute(
          open.db,
        );
        await sql`insert into entry_links (space_id, environment_id, source_id, field_id, locale, position, target_type, target_id, states)
          values (${spaceId}, 'master', ${`e${n}`}, 'author', 'en-US', 0, 'Entry', 'e0', ${n % 2 ? 3 : 1})`.execute(
          open.db,
        );
      }
    }
    const rowsOf = async (table: 'entry_links' | 'entries', spaceId: string, environmentId: string) =>
      (
        await sql<Record<string, unknown>>`
      select * from ${sql.table(table)} where space_id = ${spaceId} and environment_id = ${environmentId}`.execute(
          open.db,
        )
      ).rows
        .map(({ environment_id: _e, ...row }) => JSON.stringify(row))
        .sort();
    const copy = (spaceId: string) =>
      storage.transaction((repos) => repos.environments.copyContent(spaceId, 'master', 'copy'), { snapshot: true });

    it('copies the entries and their link index, as they are', async () => {
      await arrange('space-ec1', 5);
      await copy('space-ec1');
      expect(await rowsOf('entries', 'space-ec1', 'copy')).toEqual(await rowsOf('entries', 'space-ec1', 'master'));
      expect(await rowsOf('entry_links', 'space-ec1', 'copy')).toHaveLength(5);
      expect(await rowsOf('entry_links', 'space-ec1', 'copy')).toEqual(
        await rowsOf('entry_links', 'space-ec1', 'master'),
      );
    });
  });
}
