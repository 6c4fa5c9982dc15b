import type { LocaleRecord, LocalesRepository } from '../port/locales.ts';
import type { Executor } from './executor.ts';

export const toLocale = (r: any): LocaleRecord => ({
  spaceId: r.space_id, environmentId: r.environment_id, id: r.id, code: r.code, name: r.name, fallbackCode: r.fallback_code,
  default: r.is_default, contentManagementApi: r.content_management_api, contentDeliveryApi: r.content_delivery_api,
  optional: r.optional, version: r.version, createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});

export function localesRepository(db: Executor): LocalesRepository {
  return {
    async insert(l) {
      return toLocale(await db.insertInto('locales').values({
        space_id: l.spaceId, environment_id: l.environmentId, id: l.id, code: l.code, name: l.name, fallback_code: l.fallbackCode,
        is_default: l.default, content_management_api: l.contentManagementApi, content_delivery_api: l.contentDeliveryApi,
        optional: l.optional, created_by: l.createdBy, updated_by: l.createdBy,
      }).returningAll().executeTakeFirstOrThrow());
    },
  };
}
