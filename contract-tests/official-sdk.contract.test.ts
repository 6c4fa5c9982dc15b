import { createClient } from 'contentful-management';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';

/**
 * The unmodified official `contentful-management` SDK from npm, pointed at Tessera with `host`, `hostUpload` and
 * `insecure`, runs the common flow of the reference (§4.3) against a server started with TESSERA_API_VENDOR=contentful.
 */
describe('official contentful-management SDK', () => {
  const api = useServer('pglite', { env: { TESSERA_API_VENDOR: 'contentful' } });

  it('runs environment, content model, entry, upload, asset, locale and tag flows', async () => {
    const host = new URL(api().baseUrl).host;
    const client = createClient(
      { accessToken: ADMIN_TOKEN, host, hostUpload: host, insecure: true, retryOnError: false },
      { type: 'plain' },
    );

    const space = await client.space.create({}, { name: 'SDK space', defaultLocale: 'en-US' } as any);
    const spaceId = space.sys.id;
    expect(await client.space.get({ spaceId })).toMatchObject({ name: 'SDK space' });

    await client.environment.createWithId(
      { spaceId, environmentId: 'test', sourceEnvironmentId: 'master' },
      { name: 'test' },
    );
    for (let i = 0; i < 100; i++) {
      const env = await client.environment.get({ spaceId, environmentId: 'test' });
      if ((env.sys as any).status.sys.id === 'ready') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const environmentId = 'test';
    const scope = { spaceId, environmentId };

    let ct = await client.contentType.createWithId(
      { ...scope, contentTypeId: 'post' },
      {
        name: 'Post',
        displayField: 'title',
        fields: [{ id: 'title', name: 'Title', type: 'Symbol', required: true, localized: false }],
      },
    );
    expect(ct.sys.version).toBe(1);
    ct = await client.contentType.publish({ ...scope, contentTypeId: 'post' }, ct);
    expect(ct.sys).toMatchObject({ version: 2, publishedVersion: 1 });

    let entry = await client.entry.createWithId(
      { ...scope, contentTypeId: 'post', entryId: 'hello' },
      { fields: { title: { 'en-US': 'Hello' } } },
    );
    expect(entry.sys.version).toBe(1);
    entry.fields.title['en-US'] = 'Hello!';
    entry = await client.entry.update({ ...scope, entryId: 'hello' }, entry);
    expect(entry.sys.version).toBe(2);
    entry = await client.entry.publish({ ...scope, entryId: 'hello' }, entry);
    expect(entry.sys).toMatchObject({ version: 3, publishedVersion: 2 });

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const upload = await client.upload.create(scope, { file: png as any });
    expect(upload.sys.type).toBe('Upload');
    let asset = await client.asset.create(scope, {
      fields: {
        title: { 'en-US': 'A' },
        file: {
          'en-US': {
            contentType: 'image/png',
            fileName: 'a.png',
            uploadFrom: { sys: { type: 'Link', linkType: 'Upload', id: upload.sys.id } },
          },
        },
      },
    } as any);
    asset = await client.asset.processForAllLocales(scope, asset, {
      processingCheckWait: 200,
      processingCheckRetries: 50,
    });
    expect((asset.fields.file['en-US'] as any).url).toBeTruthy();
    expect((asset.fields.file['en-US'] as any).details.image).toEqual({ width: 64, height: 48 });
    asset = await client.asset.publish({ ...scope, assetId: asset.sys.id }, asset);
    expect(asset.sys.publishedVersion).toBeGreaterThan(0);

    const locale = await client.locale.create(scope, {
      name: 'German',
      code: 'de-DE',
      fallbackCode: 'en-US',
      optional: true,
    } as any);
    expect(locale.code).toBe('de-DE');
    const locales = await client.locale.getMany({ ...scope, query: {} });
    expect(locales.items.map((l) => l.code).sort()).toEqual(['de-DE', 'en-US']);
    const renamed = await client.locale.update({ ...scope, localeId: locale.sys.id }, { ...locale, name: 'Deutsch' });
    expect(renamed.name).toBe('Deutsch');
    await client.locale.delete({ ...scope, localeId: locale.sys.id });

    const tag = await client.tag.createWithId({ ...scope, tagId: 'featured' }, {
      name: 'Featured',
      sys: { visibility: 'public' },
    } as any);
    expect(tag.sys.id).toBe('featured');
    entry = await client.entry.get({ ...scope, entryId: 'hello' });
    entry.metadata = { tags: [{ sys: { type: 'Link', linkType: 'Tag', id: 'featured' } }] } as any;
    entry = await client.entry.update({ ...scope, entryId: 'hello' }, entry);
    expect(entry.metadata?.tags.map((t) => t.sys.id)).toEqual(['featured']);
    const tagged = await client.entry.getMany({ ...scope, query: { 'metadata.tags.sys.id[in]': 'featured' } });
    expect(tagged.items.map((e) => e.sys.id)).toEqual(['hello']);
  }, 60_000);
});
