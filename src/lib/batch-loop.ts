/** What a batch loop does each round (`batchLoop`). */
export interface BatchLoopRound {
  /** Whether a batch may be waiting: one cheap read, so an idle loop costs little. */
  pending(): Promise<boolean>;
  /** Takes and handles one batch; answers how many items it took. */
  take(): Promise<number>;
  /** A batch this full means more may wait: the next is taken at once. */
  batchSize: number;
  /** Runs after the round's batches (housekeeping), pending or not. */
  afterRound?(): Promise<void>;
  /** The wait after a round whose last batch took `taken` items (ms). */
  waitMs(taken: number): number;
  /** A round that failed: it is reported here and the loop goes on after the wait. */
  onError(error: unknown): void;
}

export interface BatchLoop {
  start(): void;
  /** Ends the current wait now (a nudge during a round skips the next wait). */
  nudge(): void;
  /** Stops after the current round; resolves once it has ended. */
  stop(): Promise<void>;
}

/**
 * A polling loop over a queue: each round asks `pending`, takes batches while they come full, runs `afterRound`, then
 * waits `waitMs` or until nudged. Polling rather than a wake-up per write: under load a round finds a batch and
 * handles it in one transaction, where a wake-up per write would handle items one by one.
 */
export function batchLoop(round: BatchLoopRound): BatchLoop {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let nudged = false;

  function idle(ms: number): Promise<void> {
    if (nudged) {
      nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (running) {
      let taken = 0;
      try {
        if (await round.pending()) {
          do taken = await round.take();
          while (running && taken === round.batchSize);
        }
        await round.afterRound?.();
      } catch (error) {
        round.onError(error);
      }
      if (running) await idle(round.waitMs(taken));
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    nudge() {
      if (wake) wake();
      else nudged = true;
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
