import { describe, expect, it } from 'vitest';
import { contentFixtures } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';

/** A refusal in the REST error format, never a page or a 5xx. */
function expectRefused(res: ApiResponse, status: number, id: string, names: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/json/);
  expect(res.body.sys).toEqual({ type: 'Error', id });
  expect(JSON.stringify(res.body)).toContain(names);
  expect(res.text).not.toMatch(/at .*\.(ts|js):\d+|\/work\/|node_modules/);
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

for (const kind of DB_KINDS) {
  describe(`${kind}: input no valid request contains is refused before it reaches the database`, () => {
    const api = useServer(kind);
    const fx = contentFixtures(api);
    const spaceCount = async () => (await api().get('/spaces', { query: { limit: 0 } })).body.total as number;

    it('refuses a NUL byte or an id outside the id grammar in a path parameter with 400 naming it', async () => {
      expectRefused(await api().get('/spaces/%00'), 400, 'BadRequest', 'space_id');
      const space = await fx.space();
      expectRefused(
        await api().get(`/spaces/${space.id}/environments/ma%00ster/entries`),
        400,
        'BadRequest',
        'environment_id',
      );
      expectRefused(await api().get(`/spaces/${space.id}/entries/a%00b`), 400, 'BadRequest', 'entry_id');
      expectRefused(await api().get(`/spaces/${space.id}/locales/%00`), 400, 'BadRequest', 'locale_id');
      expectRefused(await api().get(`/spaces/${space.id}/environments/a%20b`), 400, 'BadRequest', 'environment_id');
      expectRefused(
        await api().get(`/spaces/${space.id}/environments/${'e'.repeat(65)}`),
        400,
        'BadRequest',
        'environment_id',
      );
      expectRefused(await api().get(`/spaces/${space.id}/environments/%FF`), 400, 'BadRequest', 'path');
      expect((await api().get(`/spaces/${space.id}/environments/master`)).status).toBe(200);
    });

    it('refuses a NUL byte or an invalid UTF-8 sequence in a query parameter with 400 naming it', async () => {
      const space = await fx.space();
      expectRefused(await api().get(`${space.m('entries')}?query=%00%FF`), 400, 'InvalidQuery', 'query');
      expectRefused(await api().get(`${space.m('entries')}?query=%FF`), 400, 'InvalidQuery', 'query');
      expectRefused(await api().get(`${space.m('entries')}?fields.title%00=x`), 400, 'InvalidQuery', 'fields.title');
      expectRefused(await api().get(`${space.m('entries')}?order=sys.id%00`), 400, 'InvalidQuery', 'order');
      expect((await api().get(`${space.m('entries')}?query=caf%C3%A9`)).status).toBe(200);
      expect(
        (await api().get(`${space.m('entries')}?query=100%`)).status,
        'a % that starts no escape is itself, as before',
      ).toBe(200);
    });

    it('refuses a NUL byte in a body value or key with 422 naming its path, and writes nothing', async () => {
      const before = await spaceCount();
      const res = await api().post('/spaces', { name: 'a\u0000b' });
      expectRefused(res, 422, 'ValidationFailed', '"name"');
      expect(res.body.details.errors[0]).toMatchObject({ name: 'invalid', path: ['name'] });
      expectRefused(await api().post('/spaces', { name: 'x', ['k\u0000']: 1 }), 422, 'ValidationFailed', 'k\\u0000');
      expect(await spaceCount()).toBe(before);

      const space = await fx.space();
      await fx.contentType(space.id, 'post', [{ id: 'title', type: 'Symbol', localized: true }]);
      const entry = await api().post(
        space.m('entries'),
        { fields: { title: { 'en-US': 'ok\u0000' } } },
        fx.ctHeader('post'),
      );
      expectRefused(entry, 422, 'ValidationFailed', 'fields.title.en-US');
      expect(entry.body.details.errors[0].path).toEqual(['fields', 'title', 'en-US']);
      expect(await fx.count('entries', space.id)).toBe(0);
    });

    it('refuses a lone surrogate in a body value with 422 naming its path', async () => {
      const before = await spaceCount();
      expectRefused(await api().post('/spaces', { name: 'a\ud800b' }), 422, 'ValidationFailed', '"name"');
      expectRefused(await api().post('/spaces', { name: 'a\udc00' }), 422, 'ValidationFailed', '"name"');
      expect(await spaceCount()).toBe(before);
      const pair = await api().post('/spaces', { name: 'a\ud83d\ude00b' });
      expect(pair.status).toBe(201);
      expect(pair.body.name).toBe('a\ud83d\ude00b');
    });

    it('refuses a body nested deeper than 100 levels with 400 in JSON naming the path, and writes nothing', async () => {
      const space = await fx.space();
      await fx.contentType(space.id, 'doc', [{ id: 'data', type: 'Object' }]);
      const deep = await api().post(space.m('entries'), undefined, {
        rawBody: `{"fields":{"data":{"en-US":${nested(10_000)}}}}`,
        headers: { 'Content-Type': 'application/json', [`${api().vendorPrefix}-Content-Type`]: 'doc' },
      });
      expectRefused(deep, 400, 'BadRequest', 'fields.data.en-US');
      expect(await fx.count('entries', space.id)).toBe(0);

      const atLimit = await api().post(space.m('entries'), undefined, {
        rawBody: `{"fields":{"data":{"en-US":${nested(97)}}}}`,
        headers: { 'Content-Type': 'application/json', [`${api().vendorPrefix}-Content-Type`]: 'doc' },
      });
      expect(atLimit.status, 'a body 100 levels deep is accepted').not.toBe(400);
      expect(atLimit.status).toBeLessThan(500);
    });

    it('accepts only decimal digits in the version header and changes nothing otherwise', async () => {
      const space = (await api().post('/spaces', { name: 'Versioned' })).body;
      const path = `/spaces/${space.sys.id}`;
      for (const bad of ['0x1', '1e0', '+1', '-1', '1.0', '0b1', '1 1', '99999999999']) {
        const res = await api().put(path, { name: 'Changed' }, { headers: { [`${api().vendorPrefix}-Version`]: bad } });
        expectRefused(res, 400, 'BadRequest', `${api().vendorPrefix}-Version`);
      }
      const after = await api().get(path);
      expect(after.body.name).toBe('Versioned');
      expect(after.body.sys.version).toBe(space.sys.version);
      const good = await api().put(
        path,
        { name: 'Changed' },
        { headers: { [`${api().vendorPrefix}-Version`]: String(space.sys.version) } },
      );
      expect(good.status).toBe(200);
    });
  });
}
