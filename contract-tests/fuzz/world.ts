import { expect } from 'vitest';
import { environmentFixtures } from '../support/environment-fixtures.ts';
import type { TestServer } from '../support/harness.ts';

/**
 * A realistic space for the fuzzer: locales, a second environment, the `master` alias, a content type with many field
 * types, a published entry with a snapshot, an asset with a file, a tag, a delivery key, an extension, an upload and a
 * personal access token, so path ids that exist are used and requests get past the 404s into validation and storage.
 */
export interface World {
  spaceId: string;
  /** The id a path parameter takes in a well-formed request, by parameter name (and template where names repeat). */
  idFor(name: string, template: string): string;
  /** Puts back the fixed-id content a successful write deleted; false when the space itself is gone. */
  repair(): Promise<boolean>;
}

export const CONTENT_TYPE_ID = 'fuzzType';
const ENTRY_ID = 'fuzz-entry';
const ASSET_ID = 'fuzz-asset';
const TAG_ID = 'fuzz-tag';
const EXTENSION_ID = 'fuzz-extension';

const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });

export const FIELDS = [
  { id: 'title', name: 'Title', type: 'Symbol' },
  { id: 'body', name: 'Body', type: 'Text', localized: true },
  { id: 'count', name: 'Count', type: 'Integer' },
  { id: 'ratio', name: 'Ratio', type: 'Number' },
  { id: 'flag', name: 'Flag', type: 'Boolean' },
  { id: 'when', name: 'When', type: 'Date' },
  { id: 'where', name: 'Where', type: 'Location' },
  { id: 'data', name: 'Data', type: 'Object' },
  { id: 'rich', name: 'Rich', type: 'RichText' },
  { id: 'ref', name: 'Ref', type: 'Link', linkType: 'Entry' },
  { id: 'image', name: 'Image', type: 'Link', linkType: 'Asset' },
  { id: 'labels', name: 'Labels', type: 'Array', items: { type: 'Symbol' } },
  { id: 'refs', name: 'Refs', type: 'Array', items: { type: 'Link', linkType: 'Entry' } },
];

/** Values for every field of the content type (a body the server accepts). */
export function entryFields() {
  const rich = {
    nodeType: 'document',
    data: {},
    content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: 'hi', marks: [], data: {} }] }],
  };
  const values: Record<string, unknown> = {
    title: 'Fuzz',
    body: 'Text',
    count: 3,
    ratio: 1.5,
    flag: true,
    when: '2024-01-02T03:04:05.000Z',
    where: { lat: 52.5, lon: 13.4 },
    data: { any: ['thing'] },
    rich,
    ref: link('Entry', ENTRY_ID),
    image: link('Asset', ASSET_ID),
    labels: ['a', 'b'],
    refs: [link('Entry', ENTRY_ID)],
  };
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { 'en-US': v }]));
}

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type Ok = (res: Promise<{ status: number; text: string; body: any }>) => Promise<any>;

function helpers(api: TestServer) {
  const ok: Ok = async (res) => {
    const r = await res;
    expect(r.status, r.text).toBeLessThan(300);
    return r.body;
  };
  const version = (v: number) => ({ headers: { [`${api.vendorPrefix}-Version`]: String(v) } });
  /** The resource at `path`, created by `create` when it is not there (a fuzzed request may have deleted it). */
  const ensure = async (path: string, create: () => Promise<any>) => {
    const found = await api.get(path);
    return found.status === 200 ? found.body : create();
  };
  return { ok, version, ensure };
}

/** The fixed-id content of the space: tag, activated content type, asset, published entry, extension, master alias. */
async function ensureContent(api: TestServer, s: string, uploadId: string) {
  const { ok, version, ensure } = helpers(api);
  await ensure(`${s}/tags/${TAG_ID}`, () => ok(api.put(`${s}/tags/${TAG_ID}`, { name: 'Fuzz tag' })));
  const type = await ensure(`${s}/content_types/${CONTENT_TYPE_ID}`, () =>
    ok(api.put(`${s}/content_types/${CONTENT_TYPE_ID}`, { name: 'Fuzz type', displayField: 'title', fields: FIELDS })),
  );
  if (!type.sys.publishedVersion)
    await ok(api.put(`${s}/content_types/${CONTENT_TYPE_ID}/published`, undefined, version(type.sys.version)));
  await ensure(`${s}/assets/${ASSET_ID}`, () =>
    ok(
      api.put(`${s}/assets/${ASSET_ID}`, {
        fields: {
          title: { 'en-US': 'Fuzz' },
          file: { 'en-US': { contentType: 'image/png', fileName: 'a.png', uploadFrom: link('Upload', uploadId) } },
        },
      }),
    ),
  );
  await ensure(`${s}/entries/${ENTRY_ID}`, async () => {
    const entry = await ok(
      api.put(
        `${s}/entries/${ENTRY_ID}`,
        { fields: entryFields(), metadata: { tags: [link('Tag', TAG_ID)] } },
        { headers: { [`${api.vendorPrefix}-Content-Type`]: CONTENT_TYPE_ID } },
      ),
    );
    return ok(api.put(`${s}/entries/${ENTRY_ID}/published`, undefined, version(entry.sys.version)));
  });
  await ensure(`${s}/extensions/${EXTENSION_ID}`, () =>
    ok(api.put(`${s}/extensions/${EXTENSION_ID}`, { extension: { name: 'Fuzz', srcdoc: '<p>x</p>' } })),
  );
  await ensure(`${s}/environment_aliases/master`, () =>
    ok(api.put(`${s}/environment_aliases/master`, { environment: link('Environment', 'master') })),
  );
}

/** The resources with generated ids (made again, under a new id, when a request deleted them). */
async function ensureGenerated(api: TestServer, s: string, ids: Record<string, string>) {
  const { ok, ensure } = helpers(api);
  const locale = await ensure(`${s}/locales/${ids.locale_id}`, () =>
    ok(api.post(`${s}/locales`, { name: 'German', code: 'de-DE', optional: true })),
  );
  const upload = await ensure(`${s}/uploads/${ids.upload_id}`, () =>
    ok(
      api.request('POST', `${s}/uploads`, {
        rawBody: PNG_1X1,
        headers: { 'Content-Type': 'application/octet-stream' },
      }),
    ),
  );
  const key = await ensure(`${s}/api_keys/${ids.api_key_id}`, () =>
    ok(api.post(`${s}/api_keys`, { name: 'Fuzz key' })),
  );
  const token = await ensure(`/users/me/access_tokens/${ids.token_id}`, () =>
    ok(api.post('/users/me/access_tokens', { name: 'Fuzz', scopes: ['content_management_manage'] })),
  );
  Object.assign(ids, {
    locale_id: locale.sys.id,
    upload_id: upload.sys.id,
    api_key_id: key.sys.id,
    preview_api_key_id: key.preview_api_key.sys.id,
    token_id: token.sys.id,
  });
}

export async function buildWorld(api: TestServer): Promise<World> {
  const { ok } = helpers(api);
  const space = await ok(api.post('/spaces', { name: 'Fuzz', defaultLocale: 'en-US' }));
  const s = `/spaces/${space.sys.id}`;
  await environmentFixtures(() => api).readyEnvironment(space.sys.id, 'staging');
  const ids: Record<string, string> = {
    space_id: space.sys.id,
    organization_id: space.sys.organization?.sys.id ?? 'fuzz-unknown',
    environment_id: 'master',
    alias_id: 'master',
    asset_id: ASSET_ID,
    locale: 'en-US',
    content_type_id: CONTENT_TYPE_ID,
    entry_id: ENTRY_ID,
    tag_id: TAG_ID,
    extension_id: EXTENSION_ID,
    locale_id: 'none',
    upload_id: 'none',
    api_key_id: 'none',
    token_id: 'none',
  };
  await ensureGenerated(api, s, ids);
  await ensureContent(api, s, ids.upload_id);
  const entrySnapshots = await ok(api.get(`${s}/entries/${ENTRY_ID}/snapshots`));
  const typeSnapshots = await ok(api.get(`${s}/content_types/${CONTENT_TYPE_ID}/snapshots`));
  return {
    spaceId: space.sys.id,
    idFor(name, template) {
      if (name === 'snapshot_id')
        return (template.includes('/content_types/') ? typeSnapshots : entrySnapshots).items[0]?.sys.id ?? 'none';
      if (name === 'environment_id' && /\/environments\/\{environment_id\}$/.test(template)) return 'staging';
      // A resource the world does not hold gets a well-formed id that exists nowhere: the request still reaches its handler.
      return ids[name] ?? 'fuzz-unknown';
    },
    async repair() {
      if ((await api.get(s)).status !== 200) return false;
      await ensureGenerated(api, s, ids);
      await ensureContent(api, s, ids.upload_id);
      return true;
    },
  };
}
