import { CompiledQuery, type QueryResult } from 'kysely';
import type { Executor } from './executor.ts';

/** Where a value goes in a statement compiled once: replaced by the run's value of that name. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** A query builder or `sql` template: either compiles against an executor. */
export interface Compiles {
  compile(executor: Executor): CompiledQuery;
}

/**
 * A statement whose text depends only on its shape, built and compiled once (its values replaced by placeholders)
 * and then run with each call's values: for the hot statements, building and compiling them in Kysely costs more
 * of the server's CPU than sending them. `build` may use the values only where Kysely binds a parameter (compared,
 * set, or interpolated in `sql`), never in identifiers, `sql.raw`/`sql.lit` or to choose the shape; a value it uses
 * twice is bound twice, as Kysely would.
 */
export function compiledOnce<V extends object>(build: (values: V, db: Executor) => Compiles) {
  let compiled: CompiledQuery | undefined;
  return <R = any>(db: Executor, values: V): Promise<QueryResult<R>> => {
    if (compiled === undefined) {
      const placeholders = new Proxy({}, { get: (_, name) => new Placeholder(String(name)) }) as V;
      compiled = build(placeholders, db).compile(db);
    }
    const parameters = compiled.parameters.map((p) =>
      p instanceof Placeholder ? (values as Record<string, unknown>)[p.name] : p,
    );
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters));
  };
}
