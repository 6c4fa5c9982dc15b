import { generateId } from '../../lib/ids.ts';
import { hashToken, newPersonalAccessToken } from '../../lib/secrets.ts';
import type { Storage } from '../../storage/port/index.ts';

export interface BootstrapInput {
  adminEmail: string | undefined;
  adminToken: string | undefined;
}
export interface BootstrapResult {
  created: boolean;
  generatedToken?: string;
}

/**
 * On first start with an empty database: an organization, its owner and a personal access token.
 * The token comes from configuration, or is generated and returned so the caller can print it once.
 */
export async function bootstrapIdentity(storage: Storage, input: BootstrapInput): Promise<BootstrapResult> {
  return storage.transaction(async (repos) => {
    await repos.identity.lockBootstrap();
    if ((await repos.identity.countUsers()) > 0) return { created: false };
    const org = await repos.identity.insertOrganization({ id: generateId(), name: 'Tessera' });
    const user = await repos.identity.insertUser({
      id: generateId(),
      email: input.adminEmail ?? 'admin@localhost',
      firstName: 'Admin',
      lastName: null,
    });
    await repos.identity.insertOrganizationMembership({
      id: generateId(),
      organizationId: org.id,
      userId: user.id,
      role: 'owner',
    });
    const token = input.adminToken ?? newPersonalAccessToken();
    await repos.identity.insertToken({
      id: generateId(),
      userId: user.id,
      name: 'Bootstrap token',
      scopes: ['content_management_manage'],
      tokenHash: hashToken(token),
      expiresAt: null,
    });
    return input.adminToken ? { created: true } : { created: true, generatedToken: token };
  });
}
