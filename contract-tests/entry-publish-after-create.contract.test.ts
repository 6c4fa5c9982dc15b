import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { contentFixtures, entryLink } from './support/content-fixtures.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';

/**
 * A publish right after a create is validated against the entry as this process created it, without reading it
 * again (remembered-entries.ts). These are the changes made meanwhile that the publish must still see: each one
 * makes it read the entry and validate what is stored, so the answer is the one a publish of a read entry gives.
 */
for (const kind of DB_KINDS) {
  describe(`${kind}: publishing an entry changed since this process created it`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    async function arrange() {
      const s = await f.space();
      await f.contentType(s.id, 'person', [{ id: 'name', type: 'Symbol' }]);
      await f.contentType(s.id, 'company', [{ id: 'name', type: 'Symbol' }]);
      await f.contentType(s.id, 'article', [
        { id: 'title', type: 'Symbol', required: true },
        { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['person'] }] },
      ]);
      const create = async (contentType: string, fields: Record<string, unknown>, id?: string) => {
        const res = id
          ? await api().put(`${s.m('entries')}/${id}`, { fields }, f.ctHeader(contentType))
          : await api().post(s.m('entries'), { fields }, f.ctHeader(contentType));
        expect(res.status).toBe(201);
        return res.body.sys.id as string;
      };
      const article = (author: string) =>
        create('article', { title: { 'en-US': 'A' }, author: { 'en-US': entryLink(author) } });
      const publish = (id: string) => api().put(`${s.m('entries')}/${id}/published`, undefined, f.version(1));
      const unpublished = async (id: string) => {
        expect((await f.row('entries', s.id, id))?.published_version).toBeNull();
        expect((await f.links(s.id, id)).filter((l) => l.startsWith('published'))).toEqual([]);
        expect(
          await f
            .db()
            .selectFrom('snapshots')
            .select('id')
            .where('space_id', '=', s.id)
            .where('entity_id', '=', id)
            .execute(),
        ).toEqual([]);
      };
      return { s, create, article, publish, unpublished };
    }

    it('publishes an entry right after its create, and what it publishes is the entry as created', async () => {
      const { s, create, article, publish } = await arrange();
      const id = await article(await create('person', { name: { 'en-US': 'P' } }));
      const res = await publish(id);
      expect(res.status).toBe(200);
      expect(res.body.sys).toMatchObject({ version: 2, publishedVersion: 1, publishedCounter: 1 });
      expect((await f.row('entries', s.id, id))?.published_fields).toEqual(res.body.fields);
    });

    it('a linked entry deleted since: 422 notResolvable, nothing published', async () => {
      const { s, create, article, publish, unpublished } = await arrange();
      const person = await create('person', { name: { 'en-US': 'P' } });
      const id = await article(person);
      expect((await api().delete(`${s.m('entries')}/${person}`)).status).toBe(204);
      const res = await publish(id);
      expect(res.status).toBe(422);
      expect(res.body.sys.id).toBe('ValidationFailed');
      expect(res.body.details.errors).toEqual([
        expect.objectContaining({ name: 'notResolvable', path: ['fields', 'author', 'en-US'] }),
      ]);
      await unpublished(id);
    });

    it('a linked entry replaced by one of another content type (same id): 422 linkContentType, nothing published', async () => {
      const { s, create, article, publish, unpublished } = await arrange();
      const person = await create('person', { name: { 'en-US': 'P' } });
      const id = await article(person);
      expect((await api().delete(`${s.m('entries')}/${person}`)).status).toBe(204);
      await create('company', { name: { 'en-US': 'C' } }, person);
      const res = await publish(id);
      expect(res.status).toBe(422);
      expect(res.body.details.errors).toEqual([
        expect.objectContaining({ name: 'linkContentType', path: ['fields', 'author', 'en-US'] }),
      ]);
      await unpublished(id);
    });

    it('the entry rewritten by another writer without a new version: the stored fields are validated (422), nothing published', async () => {
      const { s, create, article, publish, unpublished } = await arrange();
      const id = await article(await create('person', { name: { 'en-US': 'P' } }));
      await sql`update entries set fields = fields - 'title' where space_id = ${s.id} and id = ${id}`.execute(f.db());
      const res = await publish(id);
      expect(res.status).toBe(422);
      expect(res.body.details.errors).toEqual([
        expect.objectContaining({ name: 'required', path: ['fields', 'title'] }),
      ]);
      await unpublished(id);
    });

    it('the entry updated since (a new version): 409 for the version created, the update published at its own', async () => {
      const { s, create, article, publish } = await arrange();
      const id = await article(await create('person', { name: { 'en-US': 'P' } }));
      const updated = await api().put(`${s.m('entries')}/${id}`, { fields: { title: { 'en-US': 'B' } } }, f.version(1));
      expect(updated.status).toBe(200);
      expect((await publish(id)).status).toBe(409);
      const res = await api().put(`${s.m('entries')}/${id}/published`, undefined, f.version(2));
      expect(res.status).toBe(200);
      expect(res.body.fields).toEqual({ title: { 'en-US': 'B' } });
    });
  });
}
