import { sql } from 'kysely';
import type {
  ScheduledActionQuery,
  ScheduledActionRecord,
  ScheduledActionsRepository,
} from '../port/scheduled-actions.ts';
import type { Executor } from './executor.ts';
import { lockEnvironment } from './environment-lock.ts';

const toAction = (r: any): ScheduledActionRecord => ({
  spaceId: r.space_id,
  environmentId: r.environment_id,
  id: r.id,
  entityType: r.entity_type,
  entityId: r.entity_id,
  action: r.action,
  scheduledFor: r.scheduled_for,
  timezone: r.timezone,
  status: r.status,
  error: r.error,
  version: r.version,
  createdBy: r.created_by,
  updatedBy: r.updated_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  canceledAt: r.canceled_at,
  canceledBy: r.canceled_by,
});

const PENDING = ['scheduled', 'inProgress'] as const;
const COMPARISONS = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' } as const;

export function scheduledActionsRepository(db: Executor): ScheduledActionsRepository {
  const one = (spaceId: string, id: string) =>
    db.updateTable('scheduled_actions').where('space_id', '=', spaceId).where('id', '=', id);

  return {
    lockEnvironment: (spaceId, environmentId) => lockEnvironment(db, spaceId, environmentId),

    async countPending(spaceId, environmentId) {
      const row = await db
        .selectFrom('scheduled_actions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('space_id', '=', spaceId)
        .where('environment_id', '=', environmentId)
        .where('status', 'in', PENDING)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(a) {
      const row = await db
        .insertInto('scheduled_actions')
        .values({
          space_id: a.spaceId,
          environment_id: a.environmentId,
          id: a.id,
          entity_type: a.entityType,
          entity_id: a.entityId,
          action: a.action,
          scheduled_for: a.scheduledFor,
          timezone: a.timezone,
          created_by: a.createdBy,
          updated_by: a.createdBy,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toAction(row);
    },

    async find(spaceId, id) {
      const row = await db
        .selectFrom('scheduled_actions')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAction(row);
    },

    async list(q: ScheduledActionQuery) {
      const direction = q.descending ? 'desc' : 'asc';
      let query = db
        .selectFrom('scheduled_actions')
        .selectAll()
        .where('space_id', '=', q.spaceId)
        .where('environment_id', '=', q.environmentId);
      if (q.statuses) query = query.where('status', 'in', q.statuses);
      if (q.entityIds) query = query.where('entity_id', 'in', q.entityIds);
      for (const { op, value } of q.scheduledFor ?? []) query = query.where('scheduled_for', COMPARISONS[op], value);
      if (q.after) {
        const past = q.descending ? sql`<` : sql`>`;
        query = query.where(
          sql<boolean>`(scheduled_for, id) ${past} (${q.after.scheduledFor}::timestamptz, ${q.after.id}::text)`,
        );
      }
      const rows = await query.orderBy('scheduled_for', direction).orderBy('id', direction).limit(q.limit).execute();
      return rows.map(toAction);
    },

    async update(spaceId, id, version, plan, userId) {
      const row = await one(spaceId, id)
        .set({
          entity_type: plan.entityType,
          entity_id: plan.entityId,
          action: plan.action,
          scheduled_for: plan.scheduledFor,
          timezone: plan.timezone,
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
        })
        .where('version', '=', version)
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      return row && toAction(row);
    },

    async cancel(spaceId, id, userId) {
      const row = await one(spaceId, id)
        .set({
          status: 'canceled',
          version: sql`version + 1`,
          updated_by: userId,
          updated_at: sql`now()`,
          canceled_by: userId,
          canceled_at: sql`now()`,
        })
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      return row && toAction(row);
    },

    async start(spaceId, id, version) {
      const row = await one(spaceId, id)
        .set({ status: 'inProgress', updated_at: sql`now()` })
        .where('version', '=', version)
        .where('status', '=', 'scheduled')
        .returningAll()
        .executeTakeFirst();
      return row && toAction(row);
    },

    async lockInProgress(spaceId, id) {
      const row = await db
        .selectFrom('scheduled_actions')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('id', '=', id)
        .where('status', '=', 'inProgress')
        .forUpdate()
        .executeTakeFirst();
      return row && toAction(row);
    },

    async finish(spaceId, id, status, error) {
      const result = await one(spaceId, id)
        .set({ status, error: error === null ? null : JSON.stringify(error), updated_at: sql`now()` })
        .where('status', '=', 'inProgress')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
