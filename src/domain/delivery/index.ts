// The read module of published and preview content: what the content APIs (GraphQL, the delivery and preview REST
// APIs) import to read, with the record types they present. They import nothing from storage/.
export { contentReader, type ContentReader, type OpenOptions } from './content-reader.ts';
export type { ContentTarget, RequestReads } from './request-reads.ts';
export { DEFAULT_MAX_OPERATIONS, OperationBudgetExhausted } from './operation-budget.ts';
export { defaultLocaleOf, localeChain } from './locale-chain.ts';
export { ContentTokenRefused, readsPreview, type ContentAccess } from '../access/delivery-token.ts';
export type {
  ApiKeyGrant,
  AssetRecord,
  EntryRecord,
  LinkingQuery,
  LocaleRecord,
  Page,
  SearchScope,
  TagRecord,
} from '../../storage/port/index.ts';
