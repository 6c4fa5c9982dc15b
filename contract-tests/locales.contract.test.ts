import { afterEach, describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { localeContentDeleters } from '../src/storage/postgres/locales-repository.ts';
import { DB_KINDS } from './support/databases.ts';
import { environmentFixtures } from './support/environment-fixtures.ts';
import { useServer } from './support/harness.ts';

for (const kind of DB_KINDS) {
  describe(`${kind}: locales`, () => {
    const api = useServer(kind);
    const members = environmentFixtures(api);
    const repos = () => api().tessera.storage.repos;
    const version = (v: number | string) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });
    afterEach(() => {
      localeContentDeleters.length = 0;
    });

    /** A fresh space; `m` is its master locales path, `e(env)` an environment's. */
    async function space() {
      const id = (await api().post('/spaces', { name: 'Locales', defaultLocale: 'en-US' })).body.sys.id as string;
      const m = `/spaces/${id}/locales`;
      const e = (env: string) => `/spaces/${id}/environments/${env}/locales`;
      const master = (await api().get(m)).body.items[0];
      return { id, m, e, master };
    }
    const stored = async (path: string) => (await api().get(path)).body;

    /** A user with a token and, when `admin` is given, a membership of the space. */
    async function userToken(spaceId: string, admin?: boolean): Promise<string> {
      // A member without the admin flag reads through a role that lets it read everything.
      if (admin === false) return members.otherUser(spaceId);
      const id = generateId();
      await repos().identity.insertUser({ id, email: `${id}@example.test`, firstName: null, lastName: null });
      const token = `member-${id}`;
      await repos().identity.insertToken({
        id: generateId(),
        userId: id,
        name: 'm',
        scopes: ['content_management_manage'],
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      if (admin !== undefined)
        await repos().spaces.insertMembership({ id: generateId(), spaceId, userId: id, admin, createdBy: id });
      return token;
    }

    async function environment(spaceId: string, id: string, status: 'ready' | 'queued' = 'ready') {
      await repos().environments.insert({
        spaceId,
        id,
        name: id,
        status,
        sourceEnvironmentId: null,
        createdBy: 'test',
      });
      await repos().locales.insert({
        spaceId,
        environmentId: id,
        id: generateId(),
        code: 'de-DE',
        name: 'German',
        fallbackCode: null,
        default: true,
        contentManagementApi: true,
        contentDeliveryApi: true,
        optional: false,
        createdBy: 'test',
      });
    }

    it('lists the default locale of master on both paths, in the published shape', async () => {
      const s = await space();
      const viaMaster = await api().get(s.m);
      expect(viaMaster.status).toBe(200);
      expect(viaMaster.body).toMatchObject({ sys: { type: 'Array' }, total: 1, skip: 0, limit: 100 });
      expect(s.master).toMatchObject({
        name: 'en-US',
        code: 'en-US',
        internal_code: 'en-US',
        fallbackCode: null,
        default: true,
        contentManagementApi: true,
        contentDeliveryApi: true,
        optional: false,
        sys: {
          type: 'Locale',
          version: 1,
          space: { sys: { type: 'Link', linkType: 'Space', id: s.id } },
          environment: { sys: { type: 'Link', linkType: 'Environment', id: 'master' } },
        },
      });
      expect(s.master.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(s.master.sys.createdAt).toMatch(/T\d\d:\d\d:\d\dZ$/);
      expect((await api().get(s.e('master'))).body).toEqual(viaMaster.body);
      expect((await api().get(`${s.m}/${s.master.sys.id}`)).body).toEqual(s.master);
      expect((await api().get(`${s.e('master')}/${s.master.sys.id}`)).body).toEqual(s.master);
    });

    it('creates a locale with default flags and the default locale as fallback; an explicit null fallback stays null', async () => {
      const s = await space();
      const res = await api().post(s.m, { name: 'German', code: 'de-DE' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'German',
        code: 'de-DE',
        internal_code: 'de-DE',
        fallbackCode: 'en-US',
        default: false,
        contentManagementApi: true,
        contentDeliveryApi: true,
        optional: false,
        sys: { version: 1, environment: { sys: { id: 'master' } } },
      });
      expect(res.body.sys.id).toMatch(/^[0-9A-Za-z]{22}$/);
      expect(res.headers.get('location')).toMatch(new RegExp(`/spaces/${s.id}/locales/${res.body.sys.id}$`));
      const viaEnv = await api().post(s.e('master'), {
        name: 'French',
        code: 'fr',
        fallbackCode: null,
        contentDeliveryApi: false,
        optional: true,
      });
      expect(viaEnv.status).toBe(201);
      expect(viaEnv.body).toMatchObject({
        fallbackCode: null,
        contentDeliveryApi: false,
        optional: true,
        contentManagementApi: true,
      });
      expect(viaEnv.headers.get('location')).toMatch(new RegExp(`/environments/master/locales/${viaEnv.body.sys.id}$`));
      expect(await stored(`${s.m}/${viaEnv.body.sys.id}`)).toEqual(viaEnv.body);
      expect((await stored(s.m)).total).toBe(3);
    });

    it('pages with skip and limit, ignores order, and echoes a skip past the end', async () => {
      const s = await space();
      for (const code of ['aa', 'bb', 'cc']) await api().post(s.m, { name: code, code });
      const all = (await stored(s.m)).items.map((l: any) => l.code);
      expect(all).toEqual(['en-US', 'aa', 'bb', 'cc']);
      const page = await api().get(s.m, { query: { skip: 1, limit: 2, order: '-name' } });
      expect(page.body).toMatchObject({ skip: 1, limit: 2, total: 4 });
      expect(page.body.items.map((l: any) => l.code)).toEqual(['aa', 'bb']);
      expect((await api().get(s.m, { query: { order: 'nonsense.attribute' } })).status).toBe(200);
      expect((await api().get(s.e('master'), { query: { skip: 50 } })).body).toMatchObject({
        skip: 50,
        total: 4,
        items: [],
      });
    });

    it('replaces a locale with the current version, bumps it by one, and restores omitted flags to their defaults', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de', optional: true, contentManagementApi: false }))
        .body;
      const path = `${s.m}/${de.sys.id}`;
      const res = await api().put(path, { name: 'Deutsch', code: 'de-DE', fallbackCode: 'en-US' }, version(1));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        name: 'Deutsch',
        code: 'de-DE',
        internal_code: 'de-DE',
        optional: false,
        contentManagementApi: true,
        sys: { version: 2 },
      });
      const viaEnv = await api().put(`${s.e('master')}/${de.sys.id}`, { name: 'Deutsch', code: 'de-DE' }, version(2));
      expect(viaEnv.body).toMatchObject({ fallbackCode: null, sys: { version: 3 } });
      expect(await stored(path)).toEqual(viaEnv.body);
    });

    it('answers an identical PUT as a no-op even with a stale version, and refuses a changing PUT without the current version', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      const path = `${s.m}/${de.sys.id}`;
      const same = { ...de, sys: undefined };
      const noop = await api().put(path, same, version(99));
      expect(noop.status).toBe(200);
      expect(noop.body).toEqual(de);
      expect((await api().put(path, same)).body.sys.version).toBe(1);
      for (const options of [version(0), version(2), {}]) {
        const res = await api().put(path, { ...same, name: 'Changed' }, options);
        expect(res.status).toBe(409);
        expect(res.body.sys.id).toBe('VersionMismatch');
      }
      expect(await stored(path)).toEqual(de);
    });

    it('refuses a second locale with a taken code, on create and on update', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      const dup = await api().post(s.m, { name: 'Again', code: 'en-US' });
      expect(dup.status).toBe(422);
      expect(dup.body.sys.id).toBe('ValidationFailed');
      // As the hosted service does, the omitted fallback (the default's code, now its own) is reported as a loop too.
      expect(dup.body.details.errors).toEqual([
        expect.objectContaining({ name: 'taken', path: 'code', value: 'en-US' }),
        expect.objectContaining({ name: 'fallback locale creates a loop', path: 'fallbackCode', value: 'en-US' }),
      ]);
      const recode = await api().put(`${s.m}/${de.sys.id}`, { name: 'German', code: 'en-US' }, version(1));
      expect(recode.status).toBe(422);
      expect(recode.body.details.errors[0]).toMatchObject({ name: 'taken', path: 'code', value: 'en-US' });
      expect((await stored(s.m)).items.map((l: any) => [l.code, l.sys.version])).toEqual([
        ['en-US', 1],
        ['de', 1],
      ]);
    });

    it('keeps exactly one default: no new default, no flipping either way, and the default cannot be deleted', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      const newDefault = await api().post(s.m, { name: 'French', code: 'fr', default: true });
      expect(newDefault.status).toBe(422);
      expect(newDefault.body.details.errors).toContainEqual(
        expect.objectContaining({ path: 'default', name: 'default locale cannot change' }),
      );
      const promote = await api().put(
        `${s.m}/${de.sys.id}`,
        { name: 'German', code: 'de', fallbackCode: 'en-US', default: true },
        version(1),
      );
      expect(promote.status).toBe(422);
      expect(promote.body.details.errors[0]).toMatchObject({ path: 'default' });
      const demote = await api().put(
        `${s.m}/${s.master.sys.id}`,
        { name: 'en-US', code: 'en-US', default: false },
        version(1),
      );
      expect(demote.status).toBe(422);
      const removed = await api().delete(`${s.m}/${s.master.sys.id}`);
      expect(removed.status).toBe(422);
      expect(removed.body).toMatchObject({
        sys: { id: 'ValidationFailed' },
        message: 'Locale "en-US" cannot be deleted.',
        details: { errors: [{ name: 'default locale cannot be deleted' }] },
      });
      expect((await stored(s.m)).items.map((l: any) => [l.code, l.default, l.sys.version])).toEqual([
        ['en-US', true, 1],
        ['de', false, 1],
      ]);
    });

    it('keeps the default locale required and at the end of every fallback chain', async () => {
      const s = await space();
      const path = `${s.m}/${s.master.sys.id}`;
      const optional = await api().put(path, { name: 'en-US', code: 'en-US', optional: true }, version(1));
      expect(optional.status).toBe(422);
      expect(optional.body.details.errors[0]).toMatchObject({
        name: 'default locale cannot be optional',
        path: 'optional',
      });
      await api().post(s.m, { name: 'German', code: 'de' });
      const fallback = await api().put(path, { name: 'en-US', code: 'en-US', fallbackCode: 'de' }, version(1));
      expect(fallback.status).toBe(422);
      expect(fallback.body.details.errors[0]).toMatchObject({
        name: 'default locale cannot have a fallback',
        path: 'fallbackCode',
      });
      expect(await stored(path)).toEqual(s.master);
    });

    it('refuses a fallback that does not exist, that is the locale itself, or that closes a loop', async () => {
      const s = await space();
      const unknown = await api().post(s.m, { name: 'German', code: 'de', fallbackCode: 'xx-XX' });
      expect(unknown.status).toBe(422);
      expect(unknown.body.details.errors[0]).toMatchObject({ name: 'unknown', path: 'fallbackCode', value: 'xx-XX' });
      const self = await api().post(s.m, { name: 'German', code: 'de', fallbackCode: 'de' });
      expect(self.body.details.errors[0]).toMatchObject({
        name: 'fallback locale creates a loop',
        path: 'fallbackCode',
        value: 'de',
      });
      const a = (await api().post(s.m, { name: 'A', code: 'aa' })).body;
      const b = (await api().post(s.m, { name: 'B', code: 'bb', fallbackCode: 'aa' })).body;
      await api().post(s.m, { name: 'C', code: 'cc', fallbackCode: 'bb' });
      const loop = await api().put(`${s.m}/${a.sys.id}`, { name: 'A', code: 'aa', fallbackCode: 'cc' }, version(1));
      expect(loop.status).toBe(422);
      expect(loop.body.details.errors[0]).toMatchObject({
        name: 'fallback locale creates a loop',
        path: 'fallbackCode',
        value: 'cc',
      });
      const selfUpdate = await api().put(
        `${s.m}/${b.sys.id}`,
        { name: 'B', code: 'bb', fallbackCode: 'bb' },
        version(1),
      );
      expect(selfUpdate.status).toBe(422);
      expect((await stored(s.m)).items.map((l: any) => [l.code, l.fallbackCode, l.sys.version])).toEqual([
        ['en-US', null, 1],
        ['aa', 'en-US', 1],
        ['bb', 'aa', 1],
        ['cc', 'bb', 1],
      ]);
    });

    it('serialises concurrent writes: one of many creates with one code wins, the rest are told it is taken', async () => {
      const s = await space();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => api().post(s.m, { name: `German ${i}`, code: 'de' })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
      for (const r of results.filter((x) => x.status === 422))
        expect(r.body.details.errors[0]).toMatchObject({ name: 'taken', path: 'code' });
      expect((await stored(s.m)).total).toBe(2);
    });

    it('refuses to delete or re-code a locale used as a fallback, naming its dependents', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      await api().post(s.m, { name: 'Swiss German', code: 'de-CH', fallbackCode: 'de' });
      await api().post(s.m, { name: 'Austrian German', code: 'de-AT', fallbackCode: 'de' });
      const removed = await api().delete(`${s.m}/${de.sys.id}`);
      expect(removed.status).toBe(422);
      expect(removed.body.details.errors[0]).toMatchObject({
        name: 'used as fallback',
        value: 'de',
        dependents: ['de-CH', 'de-AT'],
      });
      expect(removed.body.details.errors[0].details).toContain('"de-CH", "de-AT"');
      const recode = await api().put(
        `${s.m}/${de.sys.id}`,
        { name: 'German', code: 'de-DE', fallbackCode: 'en-US' },
        version(1),
      );
      expect(recode.status).toBe(422);
      expect(recode.body.details.errors[0]).toMatchObject({
        name: 'used as fallback',
        path: 'code',
        dependents: ['de-CH', 'de-AT'],
      });
      expect(await stored(`${s.m}/${de.sys.id}`)).toEqual(de);
      const renamed = await api().put(
        `${s.m}/${de.sys.id}`,
        { name: 'Deutsch', code: 'de', fallbackCode: 'en-US' },
        version(1),
      );
      expect(renamed.status).toBe(200);
    });

    it('deletes a locale on both paths and runs the content deleters in the same transaction', async () => {
      const s = await space();
      const seen: string[] = [];
      localeContentDeleters.push(async (_db, locale) => {
        seen.push(locale.code);
      });
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      const fr = (await api().post(s.m, { name: 'French', code: 'fr' })).body;
      expect((await api().delete(`${s.m}/${de.sys.id}`)).status).toBe(204);
      expect((await api().delete(`${s.e('master')}/${fr.sys.id}`)).status).toBe(204);
      expect(seen).toEqual(['de', 'fr']);
      expect((await api().get(`${s.m}/${de.sys.id}`)).status).toBe(404);
      expect((await api().delete(`${s.m}/${de.sys.id}`)).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Locale', id: de.sys.id },
      });

      const italian = (await api().post(s.m, { name: 'Italian', code: 'it' })).body;
      localeContentDeleters.push(async () => {
        throw new Error('content table unavailable');
      });
      const storage = api().tessera.storage;
      await expect(storage.transaction((r) => r.locales.delete(s.id, 'master', italian.sys.id))).rejects.toThrow(
        'content table unavailable',
      );
      expect(await stored(`${s.m}/${italian.sys.id}`)).toEqual(italian);
    });

    it('scopes locales to their environment, echoes an alias id, and hides environments that are not ready', async () => {
      const s = await space();
      await environment(s.id, 'staging');
      const staging = await api().get(s.e('staging'));
      expect(staging.body.items.map((l: any) => [l.code, l.sys.environment.sys.id])).toEqual([['de-DE', 'staging']]);
      const created = await api().post(s.e('staging'), { name: 'English', code: 'en-US' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ fallbackCode: 'de-DE', sys: { environment: { sys: { id: 'staging' } } } });
      expect((await api().get(`${s.m}/${created.body.sys.id}`)).status).toBe(404);
      expect((await stored(s.m)).total).toBe(1);

      await repos().spaces.setAliasesEnabled(s.id, 'test');
      await repos().environments.insertAlias({
        spaceId: s.id,
        id: 'current',
        environmentId: 'staging',
        createdBy: 'test',
      });
      const viaAlias = await api().get(`${s.e('current')}/${created.body.sys.id}`);
      expect(viaAlias.body).toMatchObject({ code: 'en-US', sys: { environment: { sys: { id: 'current' } } } });
      const aliasCreate = await api().post(s.e('current'), { name: 'French', code: 'fr' });
      expect(aliasCreate.body.sys.environment.sys.id).toBe('current');
      expect((await stored(s.e('staging'))).total).toBe(3);

      await environment(s.id, 'copying', 'queued');
      const queued = await api().get(s.e('copying'));
      expect(queued.status).toBe(404);
      expect(queued.body).toMatchObject({ sys: { id: 'NotFound' }, details: { type: 'Environment', id: 'copying' } });
      expect((await api().post(s.e('copying'), { name: 'x', code: 'xx' })).status).toBe(404);
      expect((await api().get(s.e('nowhere'))).status).toBe(404);
    });

    it('lets members read, only space admins write, and strangers see nothing', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      const member = await userToken(s.id, false);
      expect((await api().get(s.m, { token: member })).body.total).toBe(2);
      expect((await api().get(`${s.e('master')}/${de.sys.id}`, { token: member })).status).toBe(200);
      const writes = [
        await api().post(s.m, { name: 'French', code: 'fr' }, { token: member }),
        await api().post(s.e('master'), { name: 'French', code: 'fr' }, { token: member }),
        await api().put(`${s.m}/${de.sys.id}`, { name: 'Deutsch', code: 'de' }, { token: member, ...version(1) }),
        await api().put(
          `${s.e('master')}/${de.sys.id}`,
          { name: 'Deutsch', code: 'de' },
          { token: member, ...version(1) },
        ),
        await api().delete(`${s.m}/${de.sys.id}`, { token: member }),
        await api().delete(`${s.e('master')}/${de.sys.id}`, { token: member }),
      ];
      for (const res of writes)
        expect(res.body).toMatchObject({
          sys: { id: 'AccessDenied' },
          details: { reasons: ['Settings manage permission required'] },
        });
      const stranger = await userToken(s.id);
      expect((await api().get(s.m, { token: stranger })).body).toMatchObject({
        sys: { id: 'NotFound' },
        details: { type: 'Space' },
      });
      expect((await api().delete(`${s.m}/${de.sys.id}`, { token: stranger })).status).toBe(404);
      expect((await stored(s.m)).items.map((l: any) => [l.code, l.name, l.sys.version])).toEqual([
        ['en-US', 'en-US', 1],
        ['de', 'German', 1],
      ]);
    });

    it('refuses malformed requests on every operation of both paths and changes nothing', async () => {
      const s = await space();
      const de = (await api().post(s.m, { name: 'German', code: 'de' })).body;
      for (const base of [s.m, s.e('master')]) {
        const one = `${base}/${de.sys.id}`;
        expect((await api().get(base, { query: { limit: 1001 } })).body.sys.id).toBe('InvalidQuery');
        expect((await api().get(base, { query: { skip: -1 } })).body.sys.id).toBe('InvalidQuery');
        for (const body of [
          { code: 'fr' },
          { name: 'French', code: 'not a code!' },
          { name: 'French', code: 'f' },
          { name: 'F', code: 'fr', optional: 'yes' },
          { name: 'F', code: 'fr', fallbackCode: 3 },
        ]) {
          const res = await api().post(base, body);
          expect(res.status, JSON.stringify(body)).toBe(422);
          expect(res.body.sys.id).toBe('ValidationFailed');
          expect(res.body.details.errors.length).toBeGreaterThan(0);
        }
        expect(
          (await api().request('POST', base, { rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } }))
            .body.sys.id,
        ).toBe('BadRequest');
        expect((await api().get(`${base}/${'x'.repeat(22)}`)).body).toMatchObject({
          sys: { id: 'NotFound' },
          details: { type: 'Locale' },
        });
        const badVersion = await api().put(one, { name: 'Deutsch', code: 'de' }, version('abc'));
        expect(badVersion.status).toBe(400);
        expect(badVersion.body).toMatchObject({ sys: { id: 'BadRequest' } });
        expect(badVersion.body.message.toLowerCase()).toContain('version');
        expect((await api().put(one, { name: '', code: 'de' }, version(1))).status).toBe(422);
        expect((await api().put(one, { name: 'Deutsch', code: 'de' }, version(99))).body.sys.id).toBe(
          'VersionMismatch',
        );
        expect((await api().delete(`${base}/${s.master.sys.id}`)).body.sys.id).toBe('ValidationFailed');
        expect((await api().put(`${base}/unknown`, { name: 'x', code: 'xx' }, version(1))).status).toBe(404);
        expect((await api().delete(`${base}/unknown`)).status).toBe(404);
        for (const [method, path] of [
          ['GET', base],
          ['POST', base],
          ['GET', one],
          ['PUT', one],
          ['DELETE', one],
        ]) {
          const res = await api().request(method, path, {
            token: 'bad',
            body: method === 'POST' || method === 'PUT' ? { name: 'x', code: 'xx' } : undefined,
          });
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(res.body.sys.id).toBe('AccessTokenInvalid');
        }
      }
      expect((await api().get('/spaces/nope/locales')).status).toBe(404);
      expect((await stored(s.m)).items.map((l: any) => [l.code, l.name, l.sys.version])).toEqual([
        ['en-US', 'en-US', 1],
        ['de', 'German', 1],
      ]);
    });
  });
}
