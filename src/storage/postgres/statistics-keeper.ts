/** Runs one statement on the database alone (between other callers' statements and transactions), answering its rows. */
export type RunAlone = <R>(statement: string) => Promise<R[]>;

export interface StatisticsKeeper {
  /** Analyzes the tables changed enough since their last analyze; answers their names. */
  check(): Promise<string[]>;
  /** Asks for a check soon (after a bulk change), once however often it is asked meanwhile. */
  nudge(): void;
  stop(): Promise<void>;
}

/**
 * The tables PostgreSQL's autovacuum would analyze with its default settings: changed rows since the last analyze
 * past 50 plus a tenth of the rows the table had then (all of them for a table never analyzed).
 */
const STALE_TABLES = `select c.relname from pg_stat_user_tables as s join pg_class as c on c.oid = s.relid
  where s.schemaname = 'public' and s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) order by c.relname`;

const NUDGE_DELAY_MS = 1_000;

/**
 * Keeps the planner's statistics current on the embedded database, which has no autovacuum: every `intervalMs`, and
 * shortly after a bulk change (an environment clone, a large batch), the tables autoanalyze would pick are analyzed,
 * each alone. The check itself is one read of the statistics counters; quiet tables are never analyzed again.
 */
export function keepStatistics(runAlone: RunAlone, intervalMs: number, onError: (err: unknown) => void = () => {}): StatisticsKeeper {
  let running: Promise<string[]> | undefined;
  let nudged: NodeJS.Timeout | undefined;
  let stopped = false;

  async function analyzeStale(): Promise<string[]> {
    // A session publishes its counters when idle, at most once a second: after this statement, at once.
    await runAlone('select pg_stat_force_next_flush()');
    const stale = (await runAlone<{ relname: string }>(STALE_TABLES)).map((r) => r.relname);
    for (const table of stale) {
      if (stopped) break;
      await runAlone(`analyze "${table.replaceAll('"', '""')}"`);
    }
    return stale;
  }

  function check(): Promise<string[]> {
    running ??= analyzeStale().finally(() => { running = undefined; });
    return running;
  }
  const checkInBackground = () => { check().catch(onError); };

  const timer = setInterval(checkInBackground, intervalMs);
  timer.unref();
  return {
    check,
    nudge() {
      if (nudged || stopped) return;
      nudged = setTimeout(() => { nudged = undefined; checkInBackground(); }, NUDGE_DELAY_MS);
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
