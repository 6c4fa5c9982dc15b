import { CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.ts';

/** A node of a plan as `explain (format json)` gives it. */
export type PlanNode = Record<string, unknown> & { 'Node Type': string; Plans?: PlanNode[] };

const explained = (query: CompiledQuery): CompiledQuery =>
  CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]);

function planOf(result: QueryResult<unknown>): PlanNode {
  const value = (result.rows[0] as Record<string, unknown>)['QUERY PLAN'];
  return (typeof value === 'string' ? JSON.parse(value) : value)[0].Plan as PlanNode;
}

/** A member of `target`, its methods bound to it (Kysely's classes keep private fields a proxy cannot reach). */
function ownMember(target: object, name: string | symbol): unknown {
  const value = Reflect.get(target, name);
  return typeof value === 'function' ? value.bind(target) : value;
}

/**
 * The plans of the statements `run` sends through the database it is given, which explains each statement instead
 * of running it (no `analyze`: nothing is executed) and answers it with no rows.
 */
export async function explainingPlans(db: Db, run: (db: Db) => Promise<unknown>): Promise<PlanNode[]> {
  const plans: PlanNode[] = [];
  const explain = async (execute: (q: CompiledQuery) => Promise<QueryResult<unknown>>, query: CompiledQuery) => {
    plans.push(planOf(await execute(explained(query))));
    return { rows: [] };
  };
  const executor = db.getExecutor();
  const explainingExecutor = new Proxy(executor, {
    get: (target, name) =>
      name === 'executeQuery'
        ? (query: CompiledQuery) => explain((q) => target.executeQuery(q), query)
        : ownMember(target, name),
  });
  const explaining = new Proxy(db, {
    get: (target, name) => {
      if (name === 'executeQuery') return (query: CompiledQuery) => explain((q) => target.executeQuery(q), query);
      if (name === 'getExecutor') return () => explainingExecutor;
      return ownMember(target, name);
    },
  });
  await run(explaining);
  return plans;
}

/** The scans of `relation` in a plan, leaving out the subplan named `except` (a CTE the statement was given). */
export function scansOf(plan: PlanNode, relation: string, except?: string): PlanNode[] {
  if (except !== undefined && plan['Subplan Name'] === except) return [];
  const own = plan['Relation Name'] === relation ? [plan] : [];
  return [...own, ...(plan.Plans ?? []).flatMap((child) => scansOf(child, relation, except))];
}
