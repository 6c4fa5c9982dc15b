import type { MembershipKey } from '../../storage/port/index.ts';
import type { CollectionAttribute, CollectionSchema } from '../shared/collection-query.ts';

const symbol = (key: MembershipKey, extra: Partial<CollectionAttribute<MembershipKey>> = {}): CollectionAttribute<MembershipKey> => ({ key, type: 'symbol', ...extra });

/** What `GET /organizations/{o}/organization_memberships` filters and orders by (the table of the user-management spec, less `sys.lastActiveAt`, `sys.sso` and `query`). */
export const ORGANIZATION_MEMBERSHIPS: CollectionSchema<MembershipKey> = {
  attributes: {
    'sys.id': symbol('id'),
    'sys.createdAt': { key: 'createdAt', type: 'date' },
    'sys.updatedAt': { key: 'updatedAt', type: 'date' },
    'sys.version': { key: 'version', type: 'integer', unordered: true },
    'sys.createdBy.sys.id': symbol('createdBy', { unordered: true }),
    'sys.updatedBy.sys.id': symbol('updatedBy', { unordered: true }),
    role: symbol('role'),
    'sys.status': symbol('status'),
    'sys.user.sys.id': symbol('userId'),
    'sys.user.email': symbol('email'),
    'sys.user.firstName': symbol('firstName'),
    'sys.user.lastName': symbol('lastName'),
  },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
};
