/** Runs one statement on the database alone (between other callers' statements and transactions), answering its rows. */
export type RunAlone = <R>(statement: string) => Promise<R[]>;

/** The tables a check vacuumed and the ones it analyzed. */
export interface Maintained {
  vacuumed: string[];
  analyzed: string[];
}

export interface StatisticsKeeper {
  /** Vacuums the tables with enough dead rows and analyzes the ones changed enough since their last analyze. */
  check(): Promise<Maintained>;
  /** Asks for a check soon (after a bulk change), once however often it is asked meanwhile. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * The tables PostgreSQL's autovacuum would vacuum or analyze with its default settings: dead rows past 50 plus a fifth
 * of the rows the table had at its last analyze; changed rows since then past 50 plus a tenth of them (all of them for
 * a table never analyzed).
 */
const STALE_TABLES = `select relname, needs_vacuum, needs_analyze from (
    select c.relname, s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) as needs_vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as needs_analyze
    from pg_stat_user_tables as s join pg_class as c on c.oid = s.relid where s.schemaname = 'public') as t
  where needs_vacuum or needs_analyze order by relname`;

const NUDGE_DELAY_MS = 1_000;

/**
 * Does on the embedded database what autovacuum does on a server: every `intervalMs`, and shortly after a bulk change
 * (an environment clone, a large batch), the tables autovacuum would pick are vacuumed (the dead rows of updates and
 * deletes: the queues of jobs and content events, the webhook call log) or analyzed (the planner's statistics), each
 * alone. The check itself is one read of the statistics counters; quiet tables are left alone.
 */
export function keepStatistics(
  runAlone: RunAlone,
  intervalMs: number,
  onError: (err: unknown) => void = () => {},
): StatisticsKeeper {
  let running: Promise<Maintained> | undefined;
  let nudged: NodeJS.Timeout | undefined;
  let stopped = false;

  async function maintainStale(): Promise<Maintained> {
    // A session publishes its counters when idle, at most once a second: after this statement, at once.
    await runAlone('select pg_stat_force_next_flush()');
    const stale = await runAlone<{ relname: string; needs_vacuum: boolean; needs_analyze: boolean }>(STALE_TABLES);
    const done: Maintained = { vacuumed: [], analyzed: [] };
    for (const { relname, needs_vacuum: vacuum, needs_analyze: analyze } of stale) {
      if (stopped) break;
      const table = `"${relname.replaceAll('"', '""')}"`;
      await runAlone(vacuum ? `vacuum ${analyze ? '(analyze) ' : ''}${table}` : `analyze ${table}`);
      if (vacuum) done.vacuumed.push(relname);
      if (analyze) done.analyzed.push(relname);
    }
    return done;
  }

  function check(): Promise<Maintained> {
    running ??= maintainStale().finally(() => {
      running = undefined;
    });
    return running;
  }
  const checkInBackground = () => {
    check().catch(onError);
  };

  const timer = setInterval(checkInBackground, intervalMs);
  timer.unref();
  return {
    check,
    nudge() {
      if (nudged || stopped) return;
      nudged = setTimeout(() => {
        nudged = undefined;
        checkInBackground();
      }, NUDGE_DELAY_MS);
      nudged.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(nudged);
      await running?.catch(() => {});
    },
  };
}
