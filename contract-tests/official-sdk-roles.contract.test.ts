import { createClient } from 'contentful-management';
import { describe, expect, it } from 'vitest';
import { useOfficialSdkServer } from './support/official-sdk.ts';

const eq = (doc: string, value: string) => ({ equals: [{ doc }, value] });

/**
 * The unmodified official `contentful-management` SDK manages roles against a server started with
 * TESSERA_API_VENDOR=contentful, in the legacy (chained) client mode and in plain mode.
 */
describe('official contentful-management SDK: roles', () => {
  const { options } = useOfficialSdkServer();

  it('creates, lists, updates and deletes a role through space.createRole, getRoles, role.update() and role.delete()', async () => {
    const client = createClient(options(), { type: 'legacy' });
    const [organization] = (await client.getOrganizations()).items;
    const space = await client.createSpace({ name: 'SDK roles', defaultLocale: 'en-US' } as any, organization.sys.id);
    const created = await space.createRole({
      name: 'Author',
      description: 'Writes articles',
      permissions: {
        ContentModel: ['read'],
        ContentDelivery: [],
        EnvironmentAliases: [],
        Environments: [],
        Settings: [],
        Tags: ['read'],
      },
      policies: [
        {
          effect: 'allow',
          actions: ['read', 'update'],
          constraint: { and: [eq('sys.type', 'Entry'), eq('sys.contentType.sys.id', 'article')] },
        },
        {
          effect: 'allow',
          actions: ['update'],
          constraint: { and: [eq('sys.createdBy.sys.id', 'User.current()'), { paths: [{ doc: 'fields.title.%' }] }] },
        },
        { effect: 'deny', actions: ['delete'], constraint: eq('sys.type', 'Asset') },
      ],
    });
    expect(created.sys).toMatchObject({ type: 'Role', version: 0 });

    const roles = await space.getRoles();
    expect(roles.total).toBe(1);
    const role = roles.items[0];
    expect(role.name).toBe('Author');
    role.name = 'Senior author';
    role.policies.push({ effect: 'allow', actions: 'all', constraint: eq('sys.type', 'Asset') });
    const updated = await role.update();
    expect(updated.sys.version).toBe(1);
    expect(updated.name).toBe('Senior author');
    expect(updated.policies).toHaveLength(4);
    expect((await space.getRole(created.sys.id)).name).toBe('Senior author');

    await updated.delete();
    expect((await space.getRoles()).total).toBe(0);
  }, 60_000);

  it('manages roles in plain mode, and surfaces validation errors by their id', async () => {
    const client = createClient(options(), { type: 'plain' });
    const space = await client.space.create({}, { name: 'SDK roles plain', defaultLocale: 'en-US' } as any);
    const spaceId = space.sys.id;
    const role = await client.role.create(
      { spaceId },
      {
        name: 'Reader',
        permissions: { ContentModel: ['read'] } as any,
        policies: [{ effect: 'allow', actions: ['read'], constraint: eq('sys.type', 'Entry') }],
      },
    );
    const fetched = await client.role.get({ spaceId, roleId: role.sys.id });
    const renamed = await client.role.update(
      { spaceId, roleId: role.sys.id },
      { ...fetched, description: 'Reads entries' },
    );
    expect(renamed).toMatchObject({ description: 'Reads entries', sys: { version: 1 } });
    expect((await client.role.getMany({ spaceId, query: { limit: 10 } })).items.map((r) => r.sys.id)).toEqual([
      role.sys.id,
    ]);
    const organizationId = (space.sys as any).organization.sys.id as string;
    const inOrganization = await client.role.getManyForOrganization({ organizationId, query: { limit: 100 } });
    expect(inOrganization.items.map((r) => r.sys.id)).toContain(role.sys.id);

    const invalid = client.role.create(
      { spaceId },
      {
        name: 'Broken',
        permissions: {} as any,
        policies: [{ effect: 'allow', actions: ['read'], constraint: { and: [] } }],
      },
    );
    await expect(invalid).rejects.toMatchObject({ name: 'ValidationFailed' });
    const stale = client.role.update({ spaceId, roleId: role.sys.id }, { ...fetched, name: 'Stale' });
    await expect(stale).rejects.toMatchObject({ name: 'VersionMismatch' });

    await client.role.delete({ spaceId, roleId: role.sys.id });
    await expect(client.role.get({ spaceId, roleId: role.sys.id })).rejects.toMatchObject({ name: 'NotFound' });
  }, 60_000);
});
