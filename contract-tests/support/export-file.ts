import sharp from 'sharp';

/** Where `contentful-import --upload-assets` looks for the exported image below its assets directory. */
export const EXPORTED_PNG_PATH = 'images.ctfassets.net/exportspace/hero/0123456789abcdef0123456789abcdef/hero.png';

const sys = (type: string, id: string, extra: Record<string, unknown> = {}) => ({
  sys: {
    id,
    type,
    version: 3,
    publishedVersion: 2,
    publishedCounter: 1,
    createdAt: '2026-01-02T03:04:05.000Z',
    updatedAt: '2026-01-02T03:04:05.000Z',
    publishedAt: '2026-01-02T03:04:05.000Z',
    ...extra,
  },
});
const link = (linkType: string, id: string) => ({ sys: { type: 'Link', linkType, id } });
const field = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type,
  localized: false,
  required: false,
  disabled: false,
  omitted: false,
  validations: [],
  ...extra,
});

/**
 * A file as `contentful-export` writes it for a small space: two locales, a content model of two types with their
 * editor interfaces, a tag, a published image asset, two published entries linking each other and the asset, and a
 * draft that was never published.
 */
export async function exportFile() {
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#cc6633' } })
    .png()
    .toBuffer();
  const contentTypes = [
    {
      ...sys('ContentType', 'category'),
      name: 'Category',
      description: '',
      displayField: 'name',
      fields: [field('name', 'Symbol', { required: true })],
    },
    {
      ...sys('ContentType', 'article'),
      name: 'Article',
      description: 'A story',
      displayField: 'title',
      fields: [
        field('title', 'Symbol', { localized: true, required: true }),
        field('category', 'Link', { linkType: 'Entry', validations: [{ linkContentType: ['category'] }] }),
        field('hero', 'Link', { linkType: 'Asset' }),
      ],
    },
  ];
  const editorInterfaces = contentTypes.map((ct) => ({
    sys: { id: 'default', type: 'EditorInterface', contentType: link('ContentType', ct.sys.id) },
    controls: ct.fields.map((f) => ({
      fieldId: f.id,
      widgetId: f.type === 'Link' ? 'entryLinkEditor' : 'singleLine',
      widgetNamespace: 'builtin',
    })),
  }));
  const entry = (
    id: string,
    contentType: string,
    fields: Record<string, unknown>,
    tags: string[] = [],
    published = true,
  ) => ({
    ...sys('Entry', id, {
      contentType: link('ContentType', contentType),
      ...(published ? {} : { publishedVersion: undefined, publishedAt: undefined, publishedCounter: 0, version: 1 }),
    }),
    metadata: { tags: tags.map((t) => link('Tag', t)) },
    fields,
  });
  return {
    png,
    content: {
      locales: [
        {
          name: 'English (United States)',
          code: 'en-US',
          fallbackCode: null,
          default: true,
          contentManagementApi: true,
          contentDeliveryApi: true,
          optional: false,
          sys: { id: 'loc-en', type: 'Locale', version: 1 },
        },
        {
          name: 'German',
          code: 'de-DE',
          fallbackCode: 'en-US',
          default: false,
          contentManagementApi: true,
          contentDeliveryApi: true,
          optional: true,
          sys: { id: 'loc-de', type: 'Locale', version: 1 },
        },
      ],
      tags: [{ name: 'Featured', sys: { id: 'featured', type: 'Tag', visibility: 'private', version: 1 } }],
      contentTypes,
      editorInterfaces,
      assets: [
        {
          ...sys('Asset', 'hero'),
          metadata: { tags: [] },
          fields: {
            title: { 'en-US': 'Hero' },
            file: {
              'en-US': {
                url: `//${EXPORTED_PNG_PATH}`,
                fileName: 'hero.png',
                contentType: 'image/png',
                details: { size: png.length, image: { width: 32, height: 24 } },
              },
            },
          },
        },
      ],
      entries: [
        entry('news', 'category', { name: { 'en-US': 'News' } }),
        entry(
          'welcome',
          'article',
          {
            title: { 'en-US': 'Welcome', 'de-DE': 'Willkommen' },
            category: { 'en-US': link('Entry', 'news') },
            hero: { 'en-US': link('Asset', 'hero') },
          },
          ['featured'],
        ),
        entry('draft-only', 'article', { title: { 'en-US': 'Not yet' } }, [], false),
      ],
      webhooks: [],
      roles: [],
    },
  };
}
