import type {
  AccessTokenRecord,
  OrganizationRecord,
  OrganizationRole,
  Page,
  PageRequest,
  UserRecord,
} from './records.ts';

export interface TokenOwner {
  token: AccessTokenRecord;
  user: UserRecord;
}

export interface IdentityRepository {
  /** Serialises first-start bootstrap across processes (held until the transaction ends). */
  lockBootstrap(): Promise<void>;
  countUsers(): Promise<number>;
  insertOrganization(org: { id: string; name: string }): Promise<OrganizationRecord>;
  insertUser(user: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
  }): Promise<UserRecord>;
  insertOrganizationMembership(m: {
    id: string;
    organizationId: string;
    userId: string;
    role: OrganizationRole;
  }): Promise<void>;
  /** The token with this hash and its user, whatever the token's state. */
  findTokenOwner(tokenHash: string): Promise<TokenOwner | undefined>;
  insertToken(t: {
    id: string;
    userId: string;
    name: string;
    scopes: string[];
    tokenHash: string;
    expiresAt: string | null;
  }): Promise<AccessTokenRecord>;
  listTokens(
    userId: string,
    page: PageRequest<'createdAt' | 'updatedAt' | 'name' | 'id'>,
  ): Promise<Page<AccessTokenRecord>>;
  findToken(userId: string, tokenId: string): Promise<AccessTokenRecord | undefined>;
  /** Sets `revokedAt` unless already set; returns the token as stored afterwards. */
  revokeToken(userId: string, tokenId: string): Promise<AccessTokenRecord | undefined>;
  listOrganizations(
    userId: string,
    page: PageRequest<'createdAt' | 'updatedAt' | 'name' | 'id'>,
  ): Promise<Page<OrganizationRecord>>;
}
