import { createClient, type EntryReferenceProps } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, useServer } from './support/harness.ts';

const link = (linkType: 'Entry' | 'Asset', id: string) => ({ sys: { type: 'Link', linkType, id } });

/**
 * The unmodified official `contentful-management` SDK patches entries (`entry.patch`: JSON Patch with the version
 * header) and reads their references (`entry.references`, `environment.getEntryReferences`), with both its plain
 * and its nested client, against a server started with TESSERA_API_VENDOR=contentful.
 */
describe('official contentful-management SDK: entry patch and references', () => {
  const api = useServer('pglite', { env: { TESSERA_API_VENDOR: 'contentful' } });

  it('patches an entry and reads its references', async () => {
    const host = new URL(api().baseUrl).host;
    const options = { accessToken: ADMIN_TOKEN, host, hostUpload: host, insecure: true, retryOnError: false };
    const plain = createClient(options, { type: 'plain' });
    const space = await plain.space.create({}, { name: 'SDK references', defaultLocale: 'en-US' } as any);
    const scope = { spaceId: space.sys.id, environmentId: 'master' };

    const ct = await plain.contentType.createWithId({ ...scope, contentTypeId: 'node' }, {
      name: 'Node',
      displayField: 'title',
      fields: [
        { id: 'title', name: 'Title', type: 'Symbol', required: false, localized: false },
        {
          id: 'children',
          name: 'Children',
          type: 'Array',
          items: { type: 'Link', linkType: 'Entry' },
          required: false,
          localized: false,
        },
        { id: 'image', name: 'Image', type: 'Link', linkType: 'Asset', required: false, localized: false },
      ],
    } as any);
    await plain.contentType.publish({ ...scope, contentTypeId: 'node' }, ct);
    const asset = await plain.asset.create(scope, { fields: { title: { 'en-US': 'Picture' } } } as any);
    const create = (entryId: string, fields: Record<string, unknown>) =>
      plain.entry.createWithId(
        { ...scope, contentTypeId: 'node', entryId },
        { fields: { title: { 'en-US': entryId }, ...fields } },
      );
    await create('leaf', { image: { 'en-US': link('Asset', asset.sys.id) } });
    await create('middle', { children: { 'en-US': [link('Entry', 'leaf')] } });
    const root = await create('root', {});

    // Plain client: PATCH with X-Contentful-Version and application/json-patch+json.
    const patched = await plain.entry.patch({ ...scope, entryId: 'root', version: root.sys.version }, [
      { op: 'replace', path: '/fields/title/en-US', value: 'Root' },
      { op: 'add', path: '/fields/children', value: { 'en-US': [link('Entry', 'middle')] } },
    ]);
    expect(patched.sys.version).toBe(root.sys.version + 1);
    expect(patched.fields.title).toEqual({ 'en-US': 'Root' });

    const refs = await plain.entry.references({ ...scope, entryId: 'root', include: 1 });
    expect(refs.items.map((e) => e.sys.id)).toEqual(['root']);
    expect(refs.includes?.Entry?.map((e) => e.sys.id)).toEqual(['middle']);
    expect(refs.includes?.Asset).toBeUndefined();

    // Nested client: entry.patch() sends the entry's own version; a stale one is refused with VersionMismatch.
    const environment = await (
      await createClient(options, { type: 'legacy' }).getSpace(scope.spaceId)
    ).getEnvironment('master');
    const entry = await environment.getEntry('root');
    const again = await entry.patch([{ op: 'replace', path: '/fields/title/en-US', value: 'Root again' }]);
    expect(again.fields.title['en-US']).toBe('Root again');
    await expect(entry.patch([{ op: 'remove', path: '/fields/children' }])).rejects.toMatchObject({
      name: 'VersionMismatch',
    });
    await expect(again.patch([{ op: 'remove', path: '/fields/nothing' }])).rejects.toMatchObject({
      name: 'ValidationFailed',
    });

    // The SDK's default depth is 2: root -> middle -> leaf; the leaf's asset is a third level.
    // The nested client's typings leave `includes` out of what `references()` answers; the plain client's have it.
    const two = (await again.references()) as unknown as EntryReferenceProps;
    expect(two.includes?.Entry?.map((e) => e.sys.id).sort()).toEqual(['leaf', 'middle']);
    expect(two.includes?.Asset).toBeUndefined();
    const three = await environment.getEntryReferences('root', { include: 3 });
    expect(three.items[0]!.sys.id).toBe('root');
    expect(three.includes?.Asset?.map((a) => a.sys.id)).toEqual([asset.sys.id]);
  }, 60_000);
});
