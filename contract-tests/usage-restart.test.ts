import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTessera, type Tessera } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createTestDatabase, DB_KINDS } from './support/databases.ts';

const TOKEN = 'usage-restart-token-0123456789';

/** Usage counts survive a restart: what one run of the server counted, the next one reports, exactly. */
for (const kind of DB_KINDS) {
  describe(`${kind}: usage across a restart`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-usage-'));
    let drop: (() => Promise<void>) | undefined;
    afterAll(async () => {
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    async function start(databaseUrl: string | undefined): Promise<{ tessera: Tessera; base: string }> {
      const config = loadConfig({
        NODE_ENV: 'test',
        TESSERA_ADMIN_TOKEN: TOKEN,
        TESSERA_RATE_LIMIT_PER_SECOND: '0',
        TESSERA_DATA_DIR: dataDir,
        // No periodic flush within the test: only shutdown stores this process's counts.
        TESSERA_USAGE_FLUSH_MS: '3600000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      const tessera = await createTessera(config);
      const { port } = await tessera.listen(0, '127.0.0.1');
      return { tessera, base: `http://127.0.0.1:${port}` };
    }
    const call = async (base: string, method: string, urlPath: string, body?: unknown) => {
      const res = await fetch(`${base}${urlPath}`, {
        method,
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
    };

    it('reports after a restart the requests counted before it', async () => {
      const database = kind === 'postgres' ? await createTestDatabase() : undefined;
      drop = database?.drop;
      const first = await start(database?.url);
      const spaceId = (await call(first.base, 'POST', '/spaces', { name: 'Restarted' })).body.sys.id as string;
      for (let i = 0; i < 6; i++) expect((await call(first.base, 'GET', `/spaces/${spaceId}`)).status).toBe(200);
      await first.tessera.close();

      const second = await start(database?.url);
      try {
        await call(second.base, 'GET', `/spaces/${spaceId}`);
        const org = (await call(second.base, 'GET', '/organizations')).body.items[0].sys.id as string;
        const res = await call(second.base, 'GET', `/organizations/${org}/space_periodic_usages?metric%5Bin%5D=cma`);
        expect(res.status).toBe(200);
        expect(res.body.items.find((u: any) => u.sys.space.sys.id === spaceId).usage).toBe(7);
      } finally {
        await second.tessera.close();
      }
    }, 60_000);
  });
}
