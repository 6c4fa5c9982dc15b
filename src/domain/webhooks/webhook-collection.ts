import type { WebhookDefinitionOrderKey } from '../../storage/port/index.ts';
import type { CollectionSchema } from '../shared/collection-query.ts';

/** What the webhook definition list filters and orders by (the grammar of `collection-schemas.ts`). */
export const WEBHOOK_DEFINITIONS: CollectionSchema<WebhookDefinitionOrderKey> = {
  attributes: {
    'sys.id': { key: 'id', type: 'symbol' },
    'sys.createdAt': { key: 'createdAt', type: 'date' },
    'sys.updatedAt': { key: 'updatedAt', type: 'date' },
    'sys.version': { key: 'version', type: 'integer', unordered: true },
    'sys.createdBy.sys.id': { key: 'createdBy', type: 'symbol', unordered: true },
    'sys.updatedBy.sys.id': { key: 'updatedBy', type: 'symbol', unordered: true },
    name: { key: 'name', type: 'symbol', match: true },
    url: { key: 'url', type: 'symbol' },
    active: { key: 'active', type: 'boolean' },
  },
  defaultOrder: [{ key: 'createdAt', direction: 'asc' }],
};
