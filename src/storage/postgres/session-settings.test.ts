import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, openMigratedDatabase } from '../../../contract-tests/support/databases.ts';
import {
  ANNOUNCES_CONTENT,
  ENVIRONMENT_COPY_SETTING,
  EVENT_SETTINGS,
  REQUESTED_ENVIRONMENT_SETTING,
} from './session-settings.ts';

// The migrations spell each setting in their own SQL; the runtime's names must be the ones the triggers read.
for (const kind of DB_KINDS) {
  describe(`${kind}: the settings the runtime sets are those the migrated triggers read`, () => {
    let db: Awaited<ReturnType<typeof openMigratedDatabase>>;
    let sources: string;
    beforeAll(async () => {
      db = await openMigratedDatabase(kind);
      const { rows } = await sql<{ prosrc: string }>`
        select p.prosrc from pg_proc as p join pg_namespace as n on n.oid = p.pronamespace
        where n.nspname = current_schema()`.execute(db.open.db);
      sources = rows.map((r) => r.prosrc).join('\n');
    });
    afterAll(() => db.close());

    const names = [
      ANNOUNCES_CONTENT,
      EVENT_SETTINGS.off,
      EVENT_SETTINGS.action,
      EVENT_SETTINGS.actor,
      REQUESTED_ENVIRONMENT_SETTING,
      ENVIRONMENT_COPY_SETTING,
    ];
    it.each(names)('%s', (name) => {
      expect(sources).toContain(`current_setting('${name}', true)`);
    });
  });
}
