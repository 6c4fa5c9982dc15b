import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Distinct statement texts that get a name; later new texts run unnamed, so no connection holds more plans than this. */
export const MAX_PREPARED = 256;

/** Statements that read (`select`, `with`): the repeated ones whose planning costs as much as their execution. */
const READ = /^\s*(select|with)\b/i;

/**
 * Put first, keeps a read unnamed, so it is planned for the tables as they are at each execution. For a statement on
 * a table that grows or shrinks fast (a queue) whose planning is small beside its work: a generic plan made while the
 * table was small (a seq scan) stays with the connection until the table is analyzed again, which on a server without
 * autovacuum is never.
 */
export const PLANNED_EACH_TIME = '/* planned each time */';

/**
 * A pool whose clients run repeated parameterised reads as named (prepared) statements: PostgreSQL parses and plans
 * a named statement once per connection and then may reuse a generic plan, instead of planning every execution.
 * The name is given per distinct text, the same on every connection, so `pg` prepares it on each one on first use.
 * Statements without parameters keep pg's simple protocol (they may hold several commands, e.g. migrations).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED && READ.test(text)) {
      name = `tessera_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrapped.get(client);
    if (!wrapper) {
      wrapper = {
        query: ((text: unknown, values?: unknown[]) => {
          if (typeof text !== 'string' || !values?.length) return client.query(text as never, values as never);
          const name = nameOf(text);
          return name === undefined ? client.query(text, values) : client.query({ name, text, values });
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
      wrapped.set(client, wrapper);
    }
    return wrapper;
  };
  return { connect: async () => wrap(await pool.connect()), end: () => pool.end() };
}
