import { expect } from 'vitest';
import type { UserActor } from '../../src/domain/shared/actor.ts';
import { generateId } from '../../src/lib/ids.ts';
import { hashToken } from '../../src/lib/secrets.ts';
import { ADMIN_TOKEN, type TestServer } from './harness.ts';

/** A role that reads every permission area a role can grant reading of, and every entry and asset. */
const READER_ROLE = {
  name: `Reader ${generateId()}`,
  permissions: {
    ContentModel: ['read'],
    ContentDelivery: ['read'],
    Environments: [],
    EnvironmentAliases: ['read'],
    Settings: [],
    Tags: ['read'],
  },
  policies: [
    {
      effect: 'allow',
      actions: ['read'],
      constraint: { or: [{ equals: [{ doc: 'sys.type' }, 'Entry'] }, { equals: [{ doc: 'sys.type' }, 'Asset'] }] },
    },
  ],
};

/** Fixtures for the environment and alias suites, arranged over HTTP or, where no API exists yet, through the repositories. */
export function environmentFixtures(api: () => TestServer) {
  const source = () => `${api().vendorPrefix}-Source-Environment`;
  const version = () => `${api().vendorPrefix}-Version`;

  async function newSpace(name = 'Env space'): Promise<string> {
    const res = await api().post('/spaces', { name });
    expect(res.status).toBe(201);
    return res.body.sys.id as string;
  }

  /** Polls the environment until it reaches `state` (or fails the test after ~15 s). */
  async function waitForState(spaceId: string, id: string, state: string) {
    for (let i = 0; i < 300; i += 1) {
      const res = await api().get(`/spaces/${spaceId}/environments/${id}`);
      expect(res.status).toBe(200);
      if (res.body.sys.state === state) return res.body;
      if (['ready', 'failed'].includes(res.body.sys.state))
        throw new Error(`environment ${id} ended ${res.body.sys.state}, expected ${state}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`environment ${id} never became ${state}`);
  }

  async function readyEnvironment(spaceId: string, id: string, from?: string) {
    const res = await api().put(
      `/spaces/${spaceId}/environments/${id}`,
      { name: id },
      { headers: from ? { [source()]: from } : {} },
    );
    expect(res.status).toBe(201);
    return waitForState(spaceId, id, 'ready');
  }

  /** A locale written straight into an environment through the repository (the locales API is built separately). */
  async function insertLocale(spaceId: string, environmentId: string, code: string) {
    const admin = await adminActor();
    return api().tessera.storage.repos.locales.insert({
      spaceId,
      environmentId,
      id: generateId(),
      code,
      name: code,
      fallbackCode: null,
      default: false,
      contentManagementApi: true,
      contentDeliveryApi: true,
      optional: true,
      createdBy: admin.user.id,
    });
  }

  async function localesOf(spaceId: string, environmentId: string) {
    return api()
      .tessera.database.db.selectFrom('locales')
      .select(['id', 'code', 'created_at', 'version'])
      .where('space_id', '=', spaceId)
      .where('environment_id', '=', environmentId)
      .orderBy('id')
      .execute();
  }

  async function adminActor(): Promise<UserActor> {
    const owner = await api().tessera.storage.repos.identity.findTokenOwner(hashToken(ADMIN_TOKEN));
    return { kind: 'user', user: owner!.user, tokenId: owner!.token.id, canWrite: true };
  }

  /** A second user with a token; a non-admin member of `spaceId` when given, otherwise a stranger to it. */
  /**
   * A user with a write token: with `spaceId`, a member of that space (not admin) whose one role reads everything
   * a role can let it read; without, a stranger to every space.
   */
  async function otherUser(spaceId?: string): Promise<string> {
    const { identity } = api().tessera.storage.repos;
    const user = await identity.insertUser({
      id: generateId(),
      email: `${generateId()}@example.test`,
      firstName: null,
      lastName: null,
    });
    const token = `member-${generateId()}`;
    await identity.insertToken({
      id: generateId(),
      userId: user.id,
      name: 't',
      scopes: ['content_management_manage'],
      tokenHash: hashToken(token),
      expiresAt: null,
    });
    if (spaceId) {
      const role = await api().post(`/spaces/${spaceId}/roles`, READER_ROLE);
      expect(role.status, JSON.stringify(role.body)).toBe(201);
      await api()
        .tessera.database.db.insertInto('space_memberships')
        .values({
          id: generateId(),
          space_id: spaceId,
          user_id: user.id,
          admin: false,
          created_by: user.id,
          roles: JSON.stringify([{ sys: { type: 'Link', linkType: 'Role', id: role.body.sys.id } }]),
        } as never)
        .execute();
      api().tessera.cache?.clear();
    }
    return token;
  }

  return { source, version, newSpace, waitForState, readyEnvironment, insertLocale, localesOf, adminActor, otherUser };
}
