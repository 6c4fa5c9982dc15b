import { beforeAll, describe, expect, it } from 'vitest';
import { generateId } from '../src/lib/ids.ts';
import { hashToken } from '../src/lib/secrets.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer, type ApiResponse } from './support/harness.ts';
import { fewestStatements } from './support/statement-count.ts';
import { NONE } from './support/member-fixtures.ts';

const eq = (doc: string, value: string) => ({ equals: [{ doc }, value] });
const entriesOf = (type: string) => ({ and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', type)] });
const allEntries = eq('sys.type', 'Entry');

/** The roles of the scenarios, as a space admin writes them. */
const ROLES = {
  articleReader: {
    name: 'Article reader',
    permissions: NONE,
    policies: [{ effect: 'allow', actions: ['read'], constraint: entriesOf('article') }],
  },
  articleEditor: {
    name: 'Article editor',
    permissions: { ...NONE, ContentModel: ['read'] },
    policies: [
      { effect: 'allow', actions: ['read'], constraint: allEntries },
      { effect: 'allow', actions: ['create', 'update', 'publish'], constraint: entriesOf('article') },
    ],
  },
  titleEditor: {
    name: 'Title editor',
    permissions: NONE,
    policies: [
      { effect: 'allow', actions: ['read'], constraint: allEntries },
      {
        effect: 'allow',
        actions: ['update'],
        constraint: { and: [entriesOf('article'), { paths: [{ doc: 'fields.title.%' }] }] },
      },
    ],
  },
  noDelete: {
    name: 'No delete',
    permissions: NONE,
    policies: [
      { effect: 'allow', actions: 'all', constraint: allEntries },
      { effect: 'deny', actions: ['delete'], constraint: allEntries },
    ],
  },
  notPosts: {
    name: 'Not posts',
    permissions: NONE,
    policies: [
      { effect: 'allow', actions: ['read'], constraint: allEntries },
      { effect: 'deny', actions: ['read'], constraint: entriesOf('post') },
    ],
  },
} as const;
type RoleName = keyof typeof ROLES;

for (const kind of DB_KINDS) {
  describe(`${kind}: roles and policies of space members`, () => {
    const api = useServer(kind);
    const headers = (extra: Record<string, string>) => ({
      headers: Object.fromEntries(Object.entries(extra).map(([k, v]) => [`${api().vendorPrefix}-${k}`, v])),
    });
    let s = '';
    const roleIds = {} as Record<RoleName, string>;
    const tokens = {} as Record<RoleName, string>;
    const articles: string[] = [];
    const posts: string[] = [];

    async function ok(res: Promise<ApiResponse>): Promise<any> {
      const done = await res;
      expect(done.status, done.text).toBeLessThan(300);
      return done.body;
    }
    async function entry(type: string, title: string, publish = false): Promise<string> {
      const made = await ok(
        api().post(
          `${s}/entries`,
          { fields: { title: { 'en-US': title }, body: { 'en-US': 'text' } } },
          headers({ 'Content-Type': type }),
        ),
      );
      if (publish)
        await ok(
          api().request('PUT', `${s}/entries/${made.sys.id}/published`, headers({ Version: String(made.sys.version) })),
        );
      return made.sys.id;
    }
    /** A user whose only access to the space is a membership with one role (written as part E writes it). */
    async function member(role: RoleName): Promise<string> {
      const { storage, database } = api().tessera;
      const userId = generateId();
      await storage.repos.identity.insertUser({
        id: userId,
        email: `${userId}@example.test`,
        firstName: role,
        lastName: null,
      });
      const token = `policy-${role}-${userId}`;
      await storage.repos.identity.insertToken({
        id: generateId(),
        userId,
        name: role,
        scopes: ['content_management_manage'],
        tokenHash: hashToken(token),
        expiresAt: null,
      });
      await database.db
        .insertInto('space_memberships' as never)
        .values({
          id: generateId(),
          space_id: s.split('/')[2],
          user_id: userId,
          admin: false,
          roles: JSON.stringify([{ sys: { type: 'Link', linkType: 'Role', id: roleIds[role] } }]),
        } as never)
        .execute();
      return token;
    }
    const as = (role: RoleName) => ({ token: tokens[role] });

    beforeAll(async () => {
      s = `/spaces/${(await ok(api().post('/spaces', { name: 'Policies' }))).sys.id}`;
      for (const type of ['article', 'post']) {
        const made = await ok(
          api().put(`${s}/content_types/${type}`, {
            name: type,
            displayField: 'title',
            fields: [
              { id: 'title', name: 'Title', type: 'Symbol' },
              { id: 'body', name: 'Body', type: 'Text' },
            ],
          }),
        );
        await ok(
          api().request('PUT', `${s}/content_types/${type}/published`, headers({ Version: String(made.sys.version) })),
        );
      }
      for (let i = 0; i < 3; i++) articles.push(await entry('article', `Article ${i}`, i === 0));
      for (let i = 0; i < 2; i++) posts.push(await entry('post', `Post ${i}`, i === 0));
      await ok(api().post(`${s}/assets`, { fields: { title: { 'en-US': 'An asset' } } }));
      for (const [name, body] of Object.entries(ROLES))
        roleIds[name as RoleName] = (await ok(api().post(`${s}/roles`, body))).sys.id;
      for (const name of Object.keys(ROLES) as RoleName[]) tokens[name] = await member(name);
    }, 60_000);

    it('lists only what the read policies allow, with the right total and paging (draft and published)', async () => {
      const all = await ok(api().get(`${s}/entries`, as('articleReader')));
      expect(all.total).toBe(3);
      expect(all.items.map((e: any) => e.sys.contentType.sys.id)).toEqual(['article', 'article', 'article']);
      const page = await ok(api().get(`${s}/entries?order=sys.createdAt&skip=1&limit=1`, as('articleReader')));
      expect([page.total, page.skip, page.items.length, page.items[0].sys.id]).toEqual([3, 1, 1, articles[1]]);
      expect((await ok(api().get(`${s}/entries?content_type=post`, as('articleReader')))).total).toBe(0);
      expect((await ok(api().get(`${s}/public/entries`, as('articleReader')))).total).toBe(1);
      expect((await ok(api().get(`${s}/assets`, as('articleReader')))).total).toBe(0);
      expect((await ok(api().get(`${s}/entries`))).total).toBe(5);
    });

    it('hides what a deny policy covers (compiled to not(...))', async () => {
      const seen = await ok(api().get(`${s}/entries`, as('notPosts')));
      expect(seen.total).toBe(3);
      expect((await api().get(`${s}/entries/${posts[0]}`, as('notPosts'))).status).toBe(404);
    });

    it('answers 404 for a single entry the member may not read, revealing nothing', async () => {
      expect((await api().get(`${s}/entries/${articles[0]}`, as('articleReader'))).status).toBe(200);
      const hidden = await api().get(`${s}/entries/${posts[0]}`, as('articleReader'));
      expect([hidden.status, hidden.body.sys.id]).toEqual([404, 'NotFound']);
      expect((await api().get(`${s}/entries/${posts[0]}/snapshots`, as('articleReader'))).status).toBe(404);
      expect((await api().get(`${s}/entries/${posts[0]}/references`, as('articleReader'))).status).toBe(404);
    });

    it('lets every member read the content model and locales, and decides other areas by permissions', async () => {
      expect((await api().get(`${s}/content_types`, as('articleReader'))).status).toBe(200);
      expect((await api().get(`${s}/locales`, as('articleReader'))).status).toBe(200);
      const tags = await api().get(`${s}/tags`, as('articleReader'));
      expect([tags.status, tags.body.sys.id, tags.body.details.reasons]).toEqual([
        403,
        'AccessDenied',
        ['Tags read permission required'],
      ]);
      expect((await api().put(`${s}/content_types/other`, { name: 'x', fields: [] }, as('articleEditor'))).status).toBe(
        403,
      );
    });

    it('refuses at once a write no policy could allow; lets a role edit only its content type', async () => {
      const refused = await api().post(
        `${s}/entries`,
        { fields: {} },
        { ...as('articleReader'), ...headers({ 'Content-Type': 'article' }) },
      );
      expect([refused.status, refused.body.sys.id]).toEqual([403, 'AccessDenied']);
      const editor = { token: tokens.articleEditor };
      const made = await ok(
        api().post(
          `${s}/entries`,
          { fields: { title: { 'en-US': 'Mine' } } },
          { ...editor, ...headers({ 'Content-Type': 'article' }) },
        ),
      );
      await ok(
        api().request('PUT', `${s}/entries/${made.sys.id}/published`, {
          ...editor,
          ...headers({ Version: String(made.sys.version) }),
        }),
      );
      const post = await api().post(
        `${s}/entries`,
        { fields: {} },
        { ...editor, ...headers({ 'Content-Type': 'post' }) },
      );
      expect([post.status, post.body.sys.id, post.body.details.reasons.length]).toEqual([403, 'AccessDenied', 1]);
      const current = await ok(api().get(`${s}/entries/${posts[1]}`));
      const update = await api().put(
        `${s}/entries/${posts[1]}`,
        { fields: { title: { 'en-US': 'Changed' } } },
        { ...editor, ...headers({ Version: String(current.sys.version) }) },
      );
      expect([update.status, update.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect((await ok(api().get(`${s}/entries/${posts[1]}`))).sys.version).toBe(current.sys.version);
    });

    it('limits updates to the allowed field paths and changes nothing when a field outside them changes', async () => {
      const before = await ok(api().get(`${s}/entries/${articles[2]}`));
      const body = (title: string, text: string) => ({
        fields: { title: { 'en-US': title }, body: { 'en-US': text } },
      });
      const refused = await api().put(`${s}/entries/${articles[2]}`, body('New title', 'new text'), {
        ...as('titleEditor'),
        ...headers({ Version: String(before.sys.version) }),
      });
      expect([refused.status, refused.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect(refused.body.message).toContain('body');
      const unchanged = await ok(api().get(`${s}/entries/${articles[2]}`));
      expect([unchanged.sys.version, unchanged.fields.title['en-US']]).toEqual([
        before.sys.version,
        before.fields.title['en-US'],
      ]);
      const done = await ok(
        api().put(`${s}/entries/${articles[2]}`, body('New title', 'text'), {
          ...as('titleEditor'),
          ...headers({ Version: String(before.sys.version) }),
        }),
      );
      expect(done.fields.title['en-US']).toBe('New title');
      const patched = await api().request('PATCH', `${s}/entries/${articles[2]}`, {
        ...as('titleEditor'),
        body: [{ op: 'replace', path: '/fields/body/en-US', value: 'patched' }],
        headers: {
          'Content-Type': 'application/json-patch+json',
          [`${api().vendorPrefix}-Version`]: String(done.sys.version),
        },
      });
      expect(patched.status).toBe(403);
    });

    it('denies delete over an allow of every action', async () => {
      const target = await entry('post', 'Doomed');
      const refused = await api().delete(`${s}/entries/${target}`, as('noDelete'));
      expect([refused.status, refused.body.sys.id]).toEqual([403, 'AccessDenied']);
      expect((await api().get(`${s}/entries/${target}`)).status).toBe(200);
      const current = await ok(api().get(`${s}/entries/${target}`, as('noDelete')));
      await ok(
        api().request('PUT', `${s}/entries/${target}/archived`, {
          ...as('noDelete'),
          ...headers({ Version: String(current.sys.version) }),
        }),
      );
    });

    it('sees a role change at once (the cached roles are invalidated)', async () => {
      const articleCount = (await ok(api().get(`${s}/entries?content_type=article&limit=0`))).total;
      expect((await ok(api().get(`${s}/entries`, as('articleReader')))).total).toBe(articleCount);
      const role = await ok(api().get(`${s}/roles/${roleIds.articleReader}`));
      await ok(
        api().put(
          `${s}/roles/${role.sys.id}`,
          { ...ROLES.articleReader, policies: [{ effect: 'allow', actions: ['read'], constraint: allEntries }] },
          headers({ Version: String(role.sys.version) }),
        ),
      );
      expect((await ok(api().get(`${s}/entries`, as('articleReader')))).total).toBeGreaterThan(articleCount);
      await ok(
        api().put(`${s}/roles/${role.sys.id}`, ROLES.articleReader, headers({ Version: String(role.sys.version + 1) })),
      );
      expect((await ok(api().get(`${s}/entries`, as('articleReader')))).total).toBe(articleCount);
    });

    it('costs a member no more statements than the owner for a warm read', async () => {
      const path = `${s}/entries/${articles[0]}`;
      const owner = await fewestStatements(api(), () => ok(api().get(path)));
      const reader = await fewestStatements(api(), () => ok(api().get(path, as('articleReader'))));
      expect(reader).toBe(owner);
    });
  });
}
