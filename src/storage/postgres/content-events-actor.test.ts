import { describe, expect, it } from 'vitest';
import { contentFixtures } from '../../../contract-tests/support/content-fixtures.ts';
import { DB_KINDS } from '../../../contract-tests/support/databases.ts';
import { ADMIN_TOKEN, useServer } from '../../../contract-tests/support/harness.ts';
import { joinAs, ownOrganization } from '../../../contract-tests/support/member-fixtures.ts';
import type { ContentEventRecord } from '../port/index.ts';

/** A delete's event names who deleted, not who last changed the entity (its snapshot still says that). */
for (const kind of DB_KINDS) {
  describe(`${kind}: the actor of delete events`, () => {
    const api = useServer(kind);
    const f = contentFixtures(api);

    const eventsOf = (spaceId: string, afterId?: string) =>
      api().tessera.storage.repos.events.listForSpace(spaceId, { afterId });

    /** A space with an activated content type `post` and two admins, their user ids, and the last event before. */
    async function twoEditors() {
      const s = await f.space();
      const owner = (await api().get('/users/me')).body.sys.id as string;
      const other = await joinAs(api(), await ownOrganization(api()), 'member');
      const membership = await api().post(`/spaces/${s.id}/space_memberships`, {
        email: other.email,
        admin: true,
        roles: [],
      });
      expect(membership.status, JSON.stringify(membership.body)).toBe(201);
      await f.contentType(s.id, 'post', [{ id: 'title', type: 'Symbol' }]);
      const start = (await eventsOf(s.id)).at(-1)?.id;
      return {
        s,
        users: { [ADMIN_TOKEN]: owner, [other.token]: other.userId },
        tokens: [ADMIN_TOKEN, other.token] as const,
        start,
      };
    }

    const line = (e: ContentEventRecord) =>
      `${e.entityType} ${e.entityId} ${e.action} by ${e.actorId} (row by ${e.entity.updatedBy})`;

    it('entries and assets: one user edits, the other deletes', async () => {
      const {
        s,
        users,
        tokens: [owner, other],
        start,
      } = await twoEditors();
      const entry = await api().post(
        s.m('entries'),
        { fields: { title: { 'en-US': 'one' } } },
        { ...f.ctHeader('post'), token: other },
      );
      expect(entry.status).toBe(201);
      const asset = await api().post(s.m('assets'), { fields: { title: { 'en-US': 'one' } } }, { token: owner });
      expect(asset.status).toBe(201);
      const saved = await api().put(
        `${s.m('assets')}/${asset.body.sys.id}`,
        { fields: { title: { 'en-US': 'two' } } },
        { ...f.version(1), token: owner },
      );
      expect(saved.status).toBe(200);
      expect((await api().delete(`${s.m('entries')}/${entry.body.sys.id}`, { token: owner })).status).toBe(204);
      expect((await api().delete(`${s.m('assets')}/${asset.body.sys.id}`, { token: other })).status).toBe(204);
      expect((await eventsOf(s.id, start)).map(line)).toEqual([
        `Entry ${entry.body.sys.id} create by ${users[other]} (row by ${users[other]})`,
        `Asset ${asset.body.sys.id} create by ${users[owner]} (row by ${users[owner]})`,
        `Asset ${asset.body.sys.id} save by ${users[owner]} (row by ${users[owner]})`,
        `Entry ${entry.body.sys.id} delete by ${users[owner]} (row by ${users[other]})`,
        `Asset ${asset.body.sys.id} delete by ${users[other]} (row by ${users[owner]})`,
      ]);
    });

    it('a refused delete records nothing; content types: one user edits, the other deletes', async () => {
      const {
        s,
        users,
        tokens: [owner, other],
        start,
      } = await twoEditors();
      const at = `${s.m('content_types')}/page`;
      const fields = [{ id: 'title', name: 'Title', type: 'Symbol' }];
      expect((await api().put(at, { name: 'Page', fields }, { token: other })).status).toBe(201);
      expect((await api().put(at, { name: 'Page 2', fields }, { ...f.version(1), token: owner })).status).toBe(200);
      const entry = await api().post(
        s.m('entries'),
        { fields: { title: { 'en-US': 'one' } } },
        { ...f.ctHeader('post'), token: owner },
      );
      expect(
        (
          await api().put(`${s.m('entries')}/${entry.body.sys.id}/published`, undefined, {
            ...f.version(1),
            token: owner,
          })
        ).status,
      ).toBe(200);
      const before = await eventsOf(s.id);
      // Published: the delete is refused and its transaction (with the actor it described) rolled back.
      expect((await api().delete(`${s.m('entries')}/${entry.body.sys.id}`, { token: other })).status).toBe(400);
      expect(await eventsOf(s.id)).toEqual(before);
      expect((await api().delete(at, { token: other })).status).toBe(204);
      expect((await eventsOf(s.id, start)).filter((e) => e.entityType === 'ContentType').map(line)).toEqual([
        `ContentType page create by ${users[other]} (row by ${users[other]})`,
        `ContentType page save by ${users[owner]} (row by ${users[owner]})`,
        `ContentType page delete by ${users[other]} (row by ${users[owner]})`,
      ]);
    });
  });
}
