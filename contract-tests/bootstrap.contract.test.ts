import { afterAll, describe, expect, it } from 'vitest';
import { createTessera, type Tessera } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrapIdentity } from '../src/domain/index.ts';
import { createTestDatabase, DB_KINDS } from './support/databases.ts';
import { pgliteTemplate } from './support/pglite-template.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: first-start bootstrap`, () => {
    const started: Array<{ tessera: Tessera; drop?: () => Promise<void> }> = [];
    afterAll(async () => {
      for (const s of started) {
        await s.tessera.close();
        await s.drop?.();
      }
    });

    async function start(env: Record<string, string>) {
      const database = kind === 'postgres' ? await createTestDatabase() : undefined;
      const config = loadConfig({ NODE_ENV: 'test', ...env, ...(database ? { DATABASE_URL: database.url } : {}) });
      const tessera = await createTessera(config, { inMemory: true, inMemoryTemplate: await pgliteTemplate() });
      started.push({ tessera, drop: database?.drop });
      return tessera;
    }

    it('generates a token when none is configured, and it works', async () => {
      const tessera = await start({ TESSERA_ADMIN_EMAIL: 'owner@example.test' });
      expect(tessera.generatedToken).toMatch(/^TPAT-[0-9a-f]{64}$/);
      const { port } = await tessera.listen(0, '127.0.0.1');
      const headers = { Authorization: `Bearer ${tessera.generatedToken}` };
      const me = await fetch(`http://127.0.0.1:${port}/users/me`, { headers });
      expect(me.status).toBe(200);
      expect(((await me.json()) as any).email).toBe('owner@example.test');
      expect(((await (await fetch(`http://127.0.0.1:${port}/organizations`, { headers })).json()) as any).total).toBe(
        1,
      );
    });

    it('uses the configured token, stores only its hash, and never bootstraps twice', async () => {
      const tessera = await start({ TESSERA_ADMIN_TOKEN: 'configured-token-abcdef' });
      expect(tessera.generatedToken).toBeUndefined();
      expect(await bootstrapIdentity(tessera.storage, { adminEmail: undefined, adminToken: 'another' })).toEqual({
        created: false,
      });
      expect((await tessera.services.identity.authenticate('configured-token-abcdef')).canWrite).toBe(true);
      await expect(tessera.services.identity.authenticate('another')).rejects.toMatchObject({
        id: 'AccessTokenInvalid',
      });
      const rows = await tessera.database.db.selectFrom('personal_access_tokens').select('token_hash').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0].token_hash).not.toContain('configured-token');
      expect(await tessera.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    });

    it('two concurrent bootstraps on one database create one owner', async () => {
      const tessera = await start({ TESSERA_ADMIN_TOKEN: 'x-token' });
      await tessera.database.db.deleteFrom('users').execute();
      await tessera.database.db.deleteFrom('organizations').execute();
      const results = await Promise.all(
        [1, 2, 3].map(() => bootstrapIdentity(tessera.storage, { adminEmail: undefined, adminToken: undefined })),
      );
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await tessera.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    });
  });
}
