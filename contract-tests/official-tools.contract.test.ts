import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';
import { exportFile, EXPORTED_PNG_PATH } from './support/export-file.ts';
import { startTlsFront, type TlsFront } from './support/tls-front.ts';

const TOOLS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'official-tools');

/**
 * The official `contentful-migration` and `contentful-import` from npm, unmodified, each in its own process against a
 * server started with TESSERA_API_VENDOR=contentful behind an HTTPS front whose certificate the process trusts.
 */
for (const kind of DB_KINDS) {
  describe(`official migration and import tools (${kind})`, { timeout: 180_000 }, () => {
    const api = useServer(kind, { env: { TESSERA_API_VENDOR: 'contentful' } });
    const f = contentFixtures(api);
    let front: TlsFront;
    let work: string;
    beforeAll(async () => {
      front = await startTlsFront(api().baseUrl);
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-tools-'));
    });
    afterAll(async () => {
      await front?.close();
      if (work) fs.rmSync(work, { recursive: true, force: true });
    });

    function runTool(
      tool: 'migration' | 'import',
      options: Record<string, unknown>,
    ): Promise<{ code: number | null; output: string }> {
      const optionsFile = path.join(work, `${tool}-${Date.now()}.json`);
      fs.writeFileSync(optionsFile, JSON.stringify({ host: front.host, ...options }));
      return new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(TOOLS, 'run-tool.cjs'), tool, optionsFile], {
          cwd: work,
          env: { ...process.env, NODE_EXTRA_CA_CERTS: front.caFile, NODE_ENV: 'production' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d) => {
          output += d;
        });
        child.stderr.on('data', (d) => {
          output += d;
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
        child.on('error', reject);
        child.on('close', (code) => {
          clearTimeout(timer);
          resolve({ code, output });
        });
      });
    }

    const expectSuccess = (run: { code: number | null; output: string }) => {
      if (run.code !== 0) throw new Error(`the tool failed (exit ${run.code}):\n${run.output.slice(-6000)}`);
    };

    it('runMigration creates a content model and derives linked entries in a space with two locales', async () => {
      const space = await f.space('Migrated');
      const migrate = (file: string) =>
        runTool('migration', {
          filePath: path.join(TOOLS, file),
          spaceId: space.id,
          environmentId: 'master',
          accessToken: ADMIN_TOKEN,
        });
      expectSuccess(await migrate('content-model.migration.cjs'));

      const posts = [
        ['p1', 'Ada Lovelace'],
        ['p2', 'Alan Turing'],
        ['p3', 'Ada Lovelace'],
      ];
      for (const [id, authorName] of posts) {
        const put = await api().put(
          space.m(`entries/${id}`),
          {
            fields: { title: { 'en-US': `Post ${id}`, 'de-DE': `Beitrag ${id}` }, authorName: { 'en-US': authorName } },
          },
          { headers: { 'X-Contentful-Content-Type': 'post' } },
        );
        expect(put.status).toBe(201);
        expect(
          (await api().put(space.m(`entries/${id}/published`), undefined, f.version(put.body.sys.version))).status,
        ).toBe(200);
      }

      expectSuccess(await migrate('derive-authors.migration.cjs'));

      const authors = await api().get(space.m('entries'), { query: { content_type: 'author', order: 'fields.name' } });
      expect(authors.body.items.map((e: any) => e.fields.name['en-US'])).toEqual(['Ada Lovelace', 'Alan Turing']);
      expect(authors.body.items.every((e: any) => e.sys.publishedVersion >= 1)).toBe(true);
      const byName = new Map(authors.body.items.map((e: any) => [e.fields.name['en-US'], e.sys.id]));
      for (const [id, authorName] of posts) {
        const post = await api().get(space.m(`entries/${id}`));
        expect(post.body.fields.author['en-US'].sys).toMatchObject({
          type: 'Link',
          linkType: 'Entry',
          id: byName.get(authorName),
        });
        expect(post.body.sys.publishedVersion).toBeGreaterThanOrEqual(1);
      }
      // The field is not localized: what the tool wrote in the other locale is kept but never read.
      const linked = await api().get(space.m('entries'), {
        query: { content_type: 'post', 'fields.author.sys.id': byName.get('Alan Turing') as string },
      });
      expect(linked.body.items.map((e: any) => e.sys.id)).toEqual(['p2']);
    });

    it('contentful-import brings an export file with locales, content model, tags, assets and entries into an empty space', async () => {
      const space = await api().post('/spaces', { name: 'Imported', defaultLocale: 'en-US' });
      expect(space.status).toBe(201);
      const spaceId = space.body.sys.id as string;
      const assetsDirectory = path.join(work, 'assets');
      fs.mkdirSync(path.dirname(path.join(assetsDirectory, EXPORTED_PNG_PATH)), { recursive: true });
      const { content, png } = await exportFile();
      fs.writeFileSync(path.join(assetsDirectory, EXPORTED_PNG_PATH), png);
      const contentFile = path.join(work, 'export.json');
      fs.writeFileSync(contentFile, JSON.stringify(content));

      // The upload host is a client option of its own (`hostUpload`), as with the SDK.
      expectSuccess(
        await runTool('import', {
          spaceId,
          managementToken: ADMIN_TOKEN,
          hostUpload: front.host,
          contentFile,
          uploadAssets: true,
          assetsDirectory,
        }),
      );

      const m = (p: string) => `/spaces/${spaceId}/${p}`;
      const locales = await api().get(m('locales'));
      expect(locales.body.items.map((l: any) => l.code).sort()).toEqual(['de-DE', 'en-US']);
      const types = await api().get(m('content_types'), { query: { order: 'sys.id' } });
      expect(types.body.items.map((t: any) => [t.sys.id, t.sys.publishedVersion >= 1])).toEqual([
        ['article', true],
        ['category', true],
      ]);
      const tags = await api().get(m('tags'));
      expect(tags.body.items.map((t: any) => t.sys.id)).toEqual(['featured']);

      const asset = await api().get(m('assets/hero'));
      expect(asset.status).toBe(200);
      expect(asset.body.fields.file['en-US']).toMatchObject({ fileName: 'hero.png', contentType: 'image/png' });
      expect(asset.body.fields.file['en-US'].url).toBeTruthy();
      expect(asset.body.sys.publishedVersion).toBeGreaterThanOrEqual(1);

      const article = await api().get(m('entries/welcome'));
      expect(article.body.fields).toMatchObject({
        title: { 'en-US': 'Welcome', 'de-DE': 'Willkommen' },
        category: { 'en-US': { sys: { type: 'Link', linkType: 'Entry', id: 'news' } } },
        hero: { 'en-US': { sys: { type: 'Link', linkType: 'Asset', id: 'hero' } } },
      });
      expect(article.body.metadata.tags).toEqual([{ sys: { type: 'Link', linkType: 'Tag', id: 'featured' } }]);
      expect(article.body.sys.publishedVersion).toBeGreaterThanOrEqual(1);
      const draft = await api().get(m('entries/draft-only'));
      expect(draft.body.sys.publishedVersion).toBeUndefined();
    });
  });
}
