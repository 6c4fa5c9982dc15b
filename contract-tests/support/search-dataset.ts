import type { TestServer } from './harness.ts';
import { en, searchFixtures } from './search-fixtures.ts';

const entry = (id: string) => ({ sys: { type: 'Link', linkType: 'Entry', id } });
const asset = (id: string) => ({ sys: { type: 'Link', linkType: 'Asset', id } });
const doc = (text: string) => ({
  nodeType: 'document',
  data: {},
  content: [{ nodeType: 'paragraph', data: {}, content: [{ nodeType: 'text', value: text, marks: [], data: {} }] }],
});

/**
 * One space with every field type, written once per server: articles a1..a5 (a1 published and clean, a2 published
 * then changed, a3 a draft with only a German title, a4 archived, a5 nearly empty), persons p1 and p2, and assets
 * as1..as5 of several MIME types.
 */
export async function searchDataset(api: () => TestServer) {
  const f = searchFixtures(api);
  const s = await f.space('Search');
  for (const tag of ['t1', 't2', 't3']) await f.tag(s.id, tag);
  await f.contentType(s.id, 'article', [
    { id: 'title', type: 'Symbol', localized: true },
    { id: 'slug', type: 'Symbol' },
    { id: 'body', type: 'Text', localized: true },
    { id: 'rich', type: 'RichText' },
    { id: 'views', type: 'Integer' },
    { id: 'rating', type: 'Number' },
    { id: 'day', type: 'Date' },
    { id: 'featured', type: 'Boolean' },
    { id: 'place', type: 'Location' },
    { id: 'meta', type: 'Object' },
    { id: 'labels', type: 'Array', items: { type: 'Symbol', validations: [] } },
    { id: 'author', type: 'Link', linkType: 'Entry' },
    { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [] } },
    { id: 'image', type: 'Link', linkType: 'Asset' },
  ]);
  await f.contentType(s.id, 'person', [
    { id: 'name', type: 'Symbol' },
    { id: 'age', type: 'Integer' },
  ]);
  await f.contentType(s.id, 'draftType', [{ id: 'name', type: 'Symbol' }], { activated: false });
  await f.entries(s.id, [
    {
      id: 'p1',
      contentType: 'person',
      fields: { name: en('Danny Trejo'), age: en(70) },
      createdAt: '2023-06-01T00:00:00.000Z',
      published: true,
    },
    {
      id: 'p2',
      contentType: 'person',
      fields: { name: en('Jane Doe'), age: en(30) },
      createdAt: '2023-06-02T00:00:00.000Z',
    },
    {
      id: 'a1',
      createdAt: '2024-01-01T00:00:00.000Z',
      tags: ['t1'],
      published: true,
      fields: {
        title: { 'en-US': 'Hello World', 'de-DE': 'Hallo Welt' },
        slug: en('hello'),
        body: en('The quick brown fox'),
        rich: en(doc('Rich paragraph text')),
        views: en(10),
        rating: en(4.5),
        day: en('2024-01-10'),
        featured: en(true),
        place: en({ lat: 52.52, lon: 13.405 }),
        meta: en({ a: 1 }),
        labels: en(['news', 'tech']),
        author: en(entry('p1')),
        related: en([entry('p1'), entry('p2')]),
        image: en(asset('as1')),
      },
    },
    {
      id: 'a2',
      createdAt: '2024-01-02T00:00:00.000Z',
      updatedAt: '2024-03-01T00:00:00.000Z',
      tags: ['t1', 't2'],
      version: 5,
      published: {
        version: 3,
        fields: { title: en('Old Second'), slug: en('second'), views: en(15) },
        tags: ['t3'],
        at: '2024-02-01T00:00:00.000Z',
      },
      fields: {
        title: en('Second Post'),
        slug: en('second'),
        views: en(20),
        rating: en(3.25),
        day: en('2024-02-15T12:00:00Z'),
        featured: en(false),
        place: en({ lat: 48.8566, lon: 2.3522 }),
        labels: en(['tech']),
        author: en(entry('p2')),
        related: en([entry('p2')]),
      },
    },
    {
      id: 'a3',
      createdAt: '2024-01-03T00:00:00.000Z',
      fields: {
        title: { 'de-DE': 'Nur Deutsch' },
        slug: en('third'),
        views: en(30),
        day: en('2023-12-31'),
        labels: en([]),
      },
    },
    {
      id: 'a4',
      createdAt: '2024-01-04T00:00:00.000Z',
      archived: true,
      version: 3,
      fields: { title: en('Archived thing'), slug: en('archived'), views: en(10) },
    },
    {
      id: 'a5',
      createdAt: '2024-01-05T00:00:00.000Z',
      createdBy: 'someone',
      fields: { title: en('Tom & Jerry = 1+1'), slug: en('empty') },
    },
  ]);
  const file = (contentType: string, fileName: string, size?: number, image?: { width: number; height: number }) =>
    en({
      contentType,
      fileName,
      url: `//assets.test/${fileName}`,
      ...(size !== undefined ? { details: { size, ...(image ? { image } : {}) } } : {}),
    });
  await f.assets(s.id, [
    {
      id: 'as1',
      createdAt: '2024-01-01T00:00:00.000Z',
      tags: ['t1'],
      published: true,
      fields: {
        title: en('Cat photo'),
        description: en('A cute cat'),
        file: file('image/png', 'cat.png', 1000, { width: 100, height: 50 }),
      },
    },
    {
      id: 'as2',
      createdAt: '2024-01-02T00:00:00.000Z',
      fields: { title: en('Report'), file: file('application/pdf', 'report.pdf', 5000) },
    },
    {
      id: 'as3',
      createdAt: '2024-01-03T00:00:00.000Z',
      fields: { title: { 'de-DE': 'Daten' }, file: file('application/octet-stream', 'data.bin', 10) },
    },
    {
      id: 'as4',
      createdAt: '2024-01-04T00:00:00.000Z',
      fields: { title: en('Notes'), file: file('text/plain', 'notes.txt') },
    },
    { id: 'as5', createdAt: '2024-01-05T00:00:00.000Z', fields: { title: en('No file yet') } },
  ]);
  return { ...s, f };
}
