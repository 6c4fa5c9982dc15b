import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentFixtures } from '../../../contract-tests/support/content-fixtures.ts';
import { DB_KINDS } from '../../../contract-tests/support/databases.ts';
import { environmentFixtures } from '../../../contract-tests/support/environment-fixtures.ts';
import { useServer } from '../../../contract-tests/support/harness.ts';
import { presentAsset } from '../../http/presenters/assets.presenter.ts';
import { presentContentType } from '../../http/presenters/content-types.presenter.ts';
import { presentEntry } from '../../http/presenters/entries.presenter.ts';
import type { AssetRecord, ContentEventRecord, ContentTypeRecord, EntryRecord } from '../port/index.ts';

const PATCH_TYPE = 'application/json-patch+json';
const LOCALES = ['en-US', 'de-DE'];
/** A file as processing leaves it (asset publishes need one). */
const PROCESSED = {
  contentType: 'image/png',
  fileName: 'a.png',
  url: '//assets.test/s/a/k/a.png',
  details: { size: 12, image: { width: 2, height: 3 } },
};

for (const kind of DB_KINDS) {
  describe(`${kind}: content events of the API's writes`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);
    const envs = environmentFixtures(api);
    const vendor = () => api().tessera.config.vendor.token;

    /** The events of the space after `afterId`. */
    const eventsOf = (spaceId: string, afterId?: string) =>
      api().tessera.storage.repos.events.listForSpace(spaceId, { afterId });
    const summary = (e: ContentEventRecord) => `${e.entityType} ${e.action} v${e.entity.version}`;
    /** The body the API answers for the event's entity, presented from the event alone. */
    const presented = (e: ContentEventRecord) => {
      if (e.entityType === 'Entry')
        return presentEntry(
          { record: e.entity as EntryRecord, environmentId: 'master', localeCodes: LOCALES },
          vendor(),
        );
      if (e.entityType === 'Asset')
        return presentAsset(
          { record: e.entity as AssetRecord, environmentId: 'master', localeCodes: LOCALES },
          vendor(),
        );
      return presentContentType({ record: e.entity as ContentTypeRecord, environmentId: 'master' }, vendor());
    };
    const lastId = async (spaceId: string) => (await eventsOf(spaceId)).at(-1)?.id;

    /**
     * Runs each step (a request answering the entity) and checks that it recorded exactly one event, whose entity
     * presents as the API's answer: the snapshot of that change. Answers the events.
     */
    async function stepwise(spaceId: string, steps: Array<[string, () => Promise<{ status: number; body: any }>]>) {
      const recorded: ContentEventRecord[] = [];
      const start = await lastId(spaceId);
      for (const [expected, step] of steps) {
        const after = await lastId(spaceId);
        const answer = await step();
        expect(answer.status, `${expected}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
        const events = await eventsOf(spaceId, after);
        expect(events.map(summary), expected).toEqual([expected]);
        if (answer.body) expect(presented(events[0]!), expected).toEqual(answer.body);
        recorded.push(events[0]!);
      }
      // Read again after every later change: each event is still what it was when recorded.
      expect(await eventsOf(spaceId, start)).toEqual(recorded);
      return recorded;
    }

    it('entries: create, save (PUT and PATCH), publish, unpublish, archive, unarchive, delete: one event each, as committed', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const me = (await api().get('/users/me')).body.sys.id;
      let id = '';
      const at = () => `${s.m('entries')}/${id}`;
      const recorded = await stepwise(s.id, [
        [
          'Entry create v1',
          async () => {
            const res = await api().post(s.m('entries'), { fields: { title: { 'en-US': 'one' } } }, f.ctHeader('post'));
            id = res.body.sys.id;
            return res;
          },
        ],
        ['Entry save v2', () => api().put(at(), { fields: { title: { 'en-US': 'two' } } }, f.version(1))],
        [
          'Entry save v3',
          () =>
            api().request('PATCH', at(), {
              body: [{ op: 'replace', path: '/fields/title/en-US', value: 'three' }],
              headers: { 'Content-Type': PATCH_TYPE, ...f.version(2).headers },
            }),
        ],
        ['Entry publish v4', () => api().put(`${at()}/published`, undefined, f.version(3))],
        ['Entry unpublish v5', () => api().delete(`${at()}/published`)],
        ['Entry archive v6', () => api().put(`${at()}/archived`, undefined, f.version(5))],
        ['Entry unarchive v7', () => api().delete(`${at()}/archived`)],
        ['Entry delete v7', () => api().delete(at())],
      ]);
      expect(recorded.every((e) => e.actorId === me && e.entityId === id && e.environmentId === 'master')).toBe(true);
      expect(recorded[3]!.entity).toMatchObject({
        publishedVersion: 3,
        publishedFields: { title: { 'en-US': 'three' } },
      });
    });

    it('assets: create, save, publish, unpublish, archive, unarchive, delete', async () => {
      const s = await f.space();
      let id = '';
      const at = () => `${s.m('assets')}/${id}`;
      await stepwise(s.id, [
        [
          'Asset create v1',
          async () => {
            const res = await api().post(s.m('assets'), { fields: { title: { 'en-US': 'one' } } });
            id = res.body.sys.id;
            return res;
          },
        ],
        [
          'Asset save v2',
          () => api().put(at(), { fields: { title: { 'en-US': 'two' }, file: { 'en-US': PROCESSED } } }, f.version(1)),
        ],
        ['Asset publish v3', () => api().put(`${at()}/published`, undefined, f.version(2))],
        ['Asset unpublish v4', () => api().delete(`${at()}/published`)],
        ['Asset archive v5', () => api().put(`${at()}/archived`, undefined, f.version(4))],
        ['Asset unarchive v6', () => api().delete(`${at()}/archived`)],
        ['Asset delete v6', () => api().delete(at())],
      ]);
    });

    it('content types: create, save, publish (activate), unpublish (deactivate), delete', async () => {
      const s = await f.space();
      const at = `${s.m('content_types')}/post`;
      const fields = [{ id: 'title', name: 'Title', type: 'Symbol' }];
      const recorded = await stepwise(s.id, [
        ['ContentType create v1', () => api().put(at, { name: 'Post', fields })],
        ['ContentType save v2', () => api().put(at, { name: 'Post 2', fields }, f.version(1))],
        ['ContentType publish v3', () => api().put(`${at}/published`, undefined, f.version(2))],
        ['ContentType unpublish v4', () => api().delete(`${at}/published`)],
        ['ContentType delete v4', () => api().delete(at)],
      ]);
      expect((recorded[2]!.entity as ContentTypeRecord).published).toMatchObject({ id: 'post', name: 'Post 2' });
    });

    it('concurrent creates and publishes (batched statements): one event per change, each with its own snapshot', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const after = await lastId(s.id);
      const written = await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          const created = await api().post(
            s.m('entries'),
            { fields: { title: { 'en-US': `entry ${n}` } } },
            f.ctHeader('post'),
          );
          expect(created.status).toBe(201);
          const published = await api().put(
            `${s.m('entries')}/${created.body.sys.id}/published`,
            undefined,
            f.version(1),
          );
          expect(published.status).toBe(200);
          return { created: created.body, published: published.body };
        }),
      );
      const events = await eventsOf(s.id, after);
      expect(events).toHaveLength(40);
      for (const { created, published } of written) {
        const mine = events.filter((e) => e.entityId === created.sys.id);
        expect(mine.map(summary)).toEqual(['Entry create v1', 'Entry publish v2']);
        expect(mine.map(presented)).toEqual([created, published]);
      }
      if (kind === 'postgres') {
        // The creates went to the database together (entry-batches.ts): the events of one statement share its xmin.
        const { rows } = await sql<{ n: number }>`select count(distinct xmin::text)::int as n from content_events
          where space_id = ${s.id} and entity_type = 'Entry' and action = 'create'`.execute(f.db());
        expect(rows[0]!.n).toBeLessThan(20);
      }
    });

    it('environment copies and environment and space deletions record nothing', async () => {
      const s = await f.space();
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      for (let n = 0; n < 3; n += 1) {
        const created = await api().post(
          s.m('entries'),
          { fields: { title: { 'en-US': `entry ${n}` } } },
          f.ctHeader('post'),
        );
        await api().put(`${s.m('entries')}/${created.body.sys.id}/published`, undefined, f.version(1));
      }
      await api().post(s.m('assets'), { fields: { title: { 'en-US': 'asset' } } });
      const before = await eventsOf(s.id);
      expect(before).toHaveLength(8);
      await envs.readyEnvironment(s.id, 'staging');
      expect((await api().get(s.e('staging', 'entries'))).body.total).toBe(3);
      expect(await eventsOf(s.id)).toEqual(before);
      // A write in the copy is an event of its own.
      const copied = (
        await api().post(s.e('staging', 'entries'), { fields: { title: { 'en-US': 'staged' } } }, f.ctHeader('post'))
      ).body;
      expect(
        (await eventsOf(s.id, before.at(-1)!.id)).map((e) => `${e.environmentId} ${e.entityId} ${e.action}`),
      ).toEqual([`staging ${copied.sys.id} create`]);
      const now = await eventsOf(s.id);
      expect((await api().delete(`/spaces/${s.id}/environments/staging`)).status).toBe(204);
      expect(await eventsOf(s.id)).toEqual(now);
      expect((await api().delete(`/spaces/${s.id}`)).status).toBe(204);
      expect(await eventsOf(s.id)).toEqual(now);
    });
  });
}
