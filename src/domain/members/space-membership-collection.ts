import type { SpaceMembershipKey } from '../../storage/port/index.ts';
import type { CollectionAttribute, CollectionSchema } from '../shared/collection-query.ts';

const filterOnly = (key: SpaceMembershipKey, type: CollectionAttribute<SpaceMembershipKey>['type'] = 'symbol'): CollectionAttribute<SpaceMembershipKey> =>
  ({ key, type, unordered: true });

/** What `GET /organizations/{o}/space_memberships` filters and orders by (a subset of the user-management spec's table). */
export const ORGANIZATION_SPACE_MEMBERSHIPS: CollectionSchema<SpaceMembershipKey> = {
  attributes: {
    'sys.id': { key: 'id', type: 'symbol' },
    'sys.createdAt': { key: 'createdAt', type: 'date' },
    'sys.updatedAt': { key: 'updatedAt', type: 'date' },
    'sys.space.sys.id': filterOnly('spaceId'),
    'sys.user.sys.id': filterOnly('userId'),
    'sys.user.email': { key: 'email', type: 'symbol' },
    'sys.user.firstName': { key: 'firstName', type: 'symbol' },
    'sys.user.lastName': { key: 'lastName', type: 'symbol' },
    admin: filterOnly('admin', 'boolean'),
    'roles.sys.id': filterOnly('roleId'),
  },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
};
