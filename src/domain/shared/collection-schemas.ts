import type {
  ApiKeyOrderKey,
  AuditKey,
  ContentTypeOrderKey,
  EditorInterfaceKey,
  EnvironmentAliasOrderKey,
  EnvironmentOrderKey,
  ExtensionOrderKey,
  LocaleKey,
  RoleOrderKey,
  TagOrderKey,
  WebhookDefinitionOrderKey,
} from '../../storage/port/index.ts';
import { OPERATORS_OF_TYPE, type CollectionAttribute, type CollectionSchema } from './collection-query.ts';

/**
 * What each collection endpoint of the Management API filters and orders by, by wire path. The grammar is the
 * entry search's (`path[op]=value`); the operators follow from each attribute's type (see `collection-query.ts`), and
 * names also take `[match]` (word-prefix full text). Every attribute but `sys.version` and the `createdBy`/`updatedBy`
 * links can be ordered by; `sys.id` breaks ties. The user-management collections: `user-management-collections.ts`.
 */
const symbol = <Key extends string>(key: Key, match?: true): CollectionAttribute<Key> => ({
  key,
  type: 'symbol',
  ...(match ? { ops: [...OPERATORS_OF_TYPE.symbol, 'match'] } : {}),
});
const date = <Key extends string>(key: Key): CollectionAttribute<Key> => ({ key, type: 'date' });
const integer = <Key extends string>(key: Key): CollectionAttribute<Key> => ({ key, type: 'integer' });
const boolean = <Key extends string>(key: Key): CollectionAttribute<Key> => ({ key, type: 'boolean' });

/** `sys.id` and the audit attributes, which every collection has. */
const audited = <Key extends string>(id: Key): Record<string, CollectionAttribute<Key | AuditKey>> => ({
  'sys.id': symbol(id),
  'sys.createdAt': date('createdAt'),
  'sys.updatedAt': date('updatedAt'),
  'sys.version': { ...integer('version'), unordered: true },
  'sys.createdBy.sys.id': { ...symbol('createdBy'), unordered: true },
  'sys.updatedBy.sys.id': { ...symbol('updatedBy'), unordered: true },
});

const oldestFirst = [{ key: 'createdAt' as const, direction: 'asc' as const }];

export const CONTENT_TYPES: CollectionSchema<ContentTypeOrderKey> = {
  attributes: {
    ...audited('id'),
    'sys.publishedVersion': integer('publishedVersion'),
    'sys.publishedCounter': integer('publishedCounter'),
    'sys.publishedAt': date('publishedAt'),
    'sys.firstPublishedAt': date('firstPublishedAt'),
    'sys.publishedBy.sys.id': symbol('publishedBy'),
    name: symbol('name', true),
  },
  defaultOrder: oldestFirst,
};

/** Editor interfaces have no order of their own by default: they follow their content types' creation. */
export const EDITOR_INTERFACES: CollectionSchema<EditorInterfaceKey> = {
  attributes: { ...audited('id'), 'sys.contentType.sys.id': symbol('contentTypeId') },
  defaultOrder: [],
};

export const LOCALES: CollectionSchema<LocaleKey> = {
  attributes: {
    ...audited('id'),
    code: symbol('code'),
    name: symbol('name', true),
    fallbackCode: symbol('fallbackCode'),
    default: boolean('default'),
    optional: boolean('optional'),
    contentManagementApi: boolean('contentManagementApi'),
    contentDeliveryApi: boolean('contentDeliveryApi'),
  },
  defaultOrder: oldestFirst,
  orderIgnored: true,
};

export const TAGS: CollectionSchema<TagOrderKey> = {
  attributes: { ...audited('id'), 'sys.visibility': symbol('visibility'), name: symbol('name', true) },
  defaultOrder: oldestFirst,
};

export const EXTENSIONS: CollectionSchema<ExtensionOrderKey> = { attributes: audited('id'), defaultOrder: oldestFirst };

const apiKeyAttributes = {
  name: symbol<ApiKeyOrderKey>('name', true),
  description: symbol<ApiKeyOrderKey>('description'),
};
export const API_KEYS: CollectionSchema<ApiKeyOrderKey> = {
  attributes: { ...audited('id'), ...apiKeyAttributes },
  defaultOrder: oldestFirst,
};
/** A preview key's `sys.id` is its own; the rest is its delivery key's. */
export const PREVIEW_API_KEYS: CollectionSchema<ApiKeyOrderKey> = {
  attributes: { ...audited('previewId'), ...apiKeyAttributes },
  defaultOrder: oldestFirst,
};

export const ENVIRONMENTS: CollectionSchema<EnvironmentOrderKey> = {
  attributes: { ...audited('id'), name: symbol('name', true), 'sys.status.sys.id': symbol('status') },
  defaultOrder: [...oldestFirst, { key: 'id', direction: 'asc' }],
};

export const ENVIRONMENT_ALIASES: CollectionSchema<EnvironmentAliasOrderKey> = {
  attributes: { ...audited('id'), 'environment.sys.id': symbol('environmentId') },
  defaultOrder: [...oldestFirst, { key: 'id', direction: 'asc' }],
};

export const ROLES: CollectionSchema<RoleOrderKey> = {
  attributes: { ...audited('id'), name: symbol('name', true), description: symbol('description') },
  defaultOrder: oldestFirst,
};

export const WEBHOOK_DEFINITIONS: CollectionSchema<WebhookDefinitionOrderKey> = {
  attributes: { ...audited('id'), name: symbol('name', true), url: symbol('url'), active: boolean('active') },
  defaultOrder: oldestFirst,
};
