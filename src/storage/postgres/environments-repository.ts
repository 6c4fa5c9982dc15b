import type { EnvironmentAliasRecord, EnvironmentRecord, EnvironmentsRepository } from '../port/environments.ts';
import type { Executor } from './executor.ts';

export const toEnvironment = (r: any): EnvironmentRecord => ({
  spaceId: r.space_id, id: r.id, name: r.name, status: r.status, sourceEnvironmentId: r.source_environment_id, version: r.version,
  createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});

export const toAlias = (r: any): EnvironmentAliasRecord => ({
  spaceId: r.space_id, id: r.id, environmentId: r.environment_id, version: r.version,
  createdBy: r.created_by, updatedBy: r.updated_by, createdAt: r.created_at, updatedAt: r.updated_at,
});

export function environmentsRepository(db: Executor): EnvironmentsRepository {
  return {
    async insert(e) {
      return toEnvironment(await db.insertInto('environments').values({
        space_id: e.spaceId, id: e.id, name: e.name, status: e.status, source_environment_id: e.sourceEnvironmentId,
        created_by: e.createdBy, updated_by: e.createdBy,
      }).returningAll().executeTakeFirstOrThrow());
    },
    async find(spaceId, id) {
      const row = await db.selectFrom('environments').selectAll().where('space_id', '=', spaceId).where('id', '=', id).executeTakeFirst();
      return row && toEnvironment(row);
    },
    async findAlias(spaceId, aliasId) {
      const row = await db.selectFrom('environment_aliases').selectAll().where('space_id', '=', spaceId).where('id', '=', aliasId).executeTakeFirst();
      return row && toAlias(row);
    },
  };
}
