import { describe, expect, it } from 'vitest';
import { contentFixtures, entryLink, tagLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

const PATCH_TYPE = 'application/json-patch+json';

for (const kind of DB_KINDS) {
  describe(`${kind}: PATCH .../entries/{id} (JSON Patch)`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    async function setup() {
      const s = await f.space();
      await f.contentType(s.id, 'post', [
        { id: 'title', type: 'Symbol', localized: true },
        { id: 'subtitle', type: 'Symbol' },
        { id: 'views', type: 'Integer' },
        { id: 'related', type: 'Link', linkType: 'Entry' },
      ]);
      await f.tag(s.id, 'news');
      const created = await api().put(
        `${s.m('entries')}/post1`,
        {
          fields: { title: { 'en-US': 'Hello', 'de-DE': 'Hallo' }, views: { 'en-US': 1 } },
        },
        f.ctHeader('post'),
      );
      expect(created.status).toBe(201);
      return s;
    }

    const patch = (path: string, body: unknown, version?: number, contentType = PATCH_TYPE) =>
      api().request('PATCH', path, {
        body,
        headers: { 'Content-Type': contentType, ...(version === undefined ? {} : f.version(version).headers) },
      });

    it('applies add, remove, replace, move, copy and test, and saves the result as a PUT would', async () => {
      const s = await setup();
      const url = `${s.e('master', 'entries')}/post1`;
      const res = await patch(
        url,
        [
          { op: 'test', path: '/fields/title/en-US', value: 'Hello' },
          { op: 'replace', path: '/fields/title/en-US', value: 'Hello again' },
          { op: 'remove', path: '/fields/title/de-DE' },
          { op: 'copy', from: '/fields/title', path: '/fields/subtitle' },
          { op: 'move', from: '/fields/subtitle/en-US', path: '/fields/subtitle/en-US' },
          { op: 'add', path: '/fields/related', value: { 'en-US': entryLink('other') } },
          { op: 'add', path: '/metadata/tags/-', value: tagLink('news') },
        ],
        1,
      );
      expect(res.status).toBe(200);
      expect(res.body.sys.version).toBe(2);
      expect(res.body.fields).toEqual({
        title: { 'en-US': 'Hello again' },
        subtitle: { 'en-US': 'Hello again' },
        views: { 'en-US': 1 },
        related: { 'en-US': entryLink('other') },
      });
      expect(res.body.metadata.tags).toEqual([tagLink('news')]);
      expect((await api().get(url)).body).toEqual(res.body);

      // The same writes as a PUT: the search values and the link index follow the new draft.
      const found = await api().get(`${s.m('entries')}?content_type=post&fields.title=Hello%20again`);
      expect(found.body.items.map((e: { sys: { id: string } }) => e.sys.id)).toEqual(['post1']);
      expect(await f.links(s.id, 'post1')).toEqual(['draft related en-US 0 -> Entry:other']);

      // A field emptied by a patch is left out, as a PUT leaves it out.
      const emptied = await patch(url, [{ op: 'remove', path: '/fields/views/en-US' }], 2);
      expect(emptied.status).toBe(200);
      expect(emptied.body.fields.views).toBeUndefined();
    });

    it('works on the path without an environment, as the official SDK patches', async () => {
      const s = await setup();
      const res = await patch(`${s.m('entries')}/post1`, [{ op: 'replace', path: '/fields/views/en-US', value: 7 }], 1);
      expect(res.status).toBe(200);
      expect(res.body.fields.views).toEqual({ 'en-US': 7 });
    });

    it('needs the current version: a missing or stale one answers 409 VersionMismatch and changes nothing', async () => {
      const s = await setup();
      const url = `${s.m('entries')}/post1`;
      for (const version of [undefined, 5]) {
        const res = await patch(url, [{ op: 'replace', path: '/fields/views/en-US', value: 2 }], version);
        expect(res.status).toBe(409);
        expect(res.body.sys.id).toBe('VersionMismatch');
      }
      expect((await api().get(url)).body.sys.version).toBe(1);
      expect((await patch(`${s.m('entries')}/missing`, [], 1)).status).toBe(404);
    });

    it('refuses a bad patch with 422 naming the operation, and changes nothing', async () => {
      const s = await setup();
      const url = `${s.m('entries')}/post1`;
      const cases: Array<[unknown, number | undefined, string]> = [
        [{ op: 'replace', path: '/fields/views/en-US', value: 2 }, undefined, 'not an array'],
        [[{ op: 'increment', path: '/fields/views/en-US' }], 0, 'unknown op'],
        [
          [
            { op: 'replace', path: '/fields/views/en-US', value: 2 },
            { op: 'remove', path: '/fields/subtitle/en-US' },
          ],
          1,
          'remove of nothing',
        ],
        [[{ op: 'replace', path: '/fields/nothing', value: { 'en-US': 'x' } }], 0, 'replace of nothing'],
        [
          [
            { op: 'replace', path: '/fields/views/en-US', value: 2 },
            { op: 'test', path: '/fields/title/en-US', value: 'Bye' },
          ],
          1,
          'failing test',
        ],
        [[{ op: 'replace', path: '/sys/version', value: 9 }], 0, 'touches sys'],
        [[{ op: 'copy', from: '/sys/id', path: '/fields/subtitle' }], 0, 'copies from sys'],
        [[{ op: 'add', path: '/fields/subtitle' }], 0, 'add without value'],
        [[{ op: 'replace', path: 'fields/views', value: {} }], 0, 'not a pointer'],
        [[{ op: 'add', path: '/fields/__proto__/polluted', value: 1 }], 0, 'names the prototype'],
        [[{ op: 'replace', path: '/fields/constructor/en-US', value: 'x' }], 0, 'names a token the library skips'],
        [[{ op: 'replace', path: '/metadata/tags', value: 'news' }], undefined, 'result is not a body'],
      ];
      for (const [body, index, label] of cases) {
        const res = await patch(url, body, 1);
        expect(res.status, label).toBe(422);
        expect(res.body.sys.id, label).toBe('ValidationFailed');
        // The operation's index leads the error's path (the request validator's paths are strings).
        if (index !== undefined) expect(String(res.body.details.errors[0].path[0]), label).toBe(String(index));
      }
      const after = (await api().get(url)).body;
      expect(after.sys.version).toBe(1);
      expect(after.fields).toEqual({ title: { 'en-US': 'Hello', 'de-DE': 'Hallo' }, views: { 'en-US': 1 } });
    });

    it('checks the result against the content type and the tags as a PUT does', async () => {
      const s = await setup();
      const url = `${s.m('entries')}/post1`;
      const wrongType = await patch(url, [{ op: 'replace', path: '/fields/views/en-US', value: 'many' }], 1);
      expect(wrongType.status).toBe(422);
      expect(wrongType.body.sys.id).toBe('InvalidEntry');
      expect(wrongType.body.details.errors[0].path).toEqual(['fields', 'views', 'en-US']);
      const unknownTag = await patch(url, [{ op: 'add', path: '/metadata/tags/-', value: tagLink('nope') }], 1);
      expect(unknownTag.status).toBe(422);
      expect((await api().get(url)).body.sys.version).toBe(1);
    });

    it('takes only application/json-patch+json bodies', async () => {
      const s = await setup();
      const res = await patch(
        `${s.m('entries')}/post1`,
        [{ op: 'replace', path: '/fields/views/en-US', value: 2 }],
        1,
        'application/json',
      );
      expect(res.status).toBe(400);
      expect(res.body.sys.id).toBe('BadRequest');
    });
  });
}
