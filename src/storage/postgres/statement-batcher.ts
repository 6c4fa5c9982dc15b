/** How a statement batcher groups its calls. */
export interface BatcherOptions {
  /** The most calls sent in one statement. */
  maxBatch: number;
  /** The most statements in flight at once per key; calls arriving meanwhile wait and go together in the next one. */
  maxInFlight: number;
}

interface Lane<I, O> {
  queue: Array<Waiting<I, O>>;
  inFlight: number;
  waking: boolean;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one kind of statement. A call starts on the event loop's next turn, with the calls made in this
 * one, while fewer than `maxInFlight` statements are in flight; otherwise it waits, and when a statement ends the
 * calls that waited go together as one multi-row statement (`many`); writes are committed together or not at all.
 * Idle, a call waits for nothing but that turn; under load, the cost of a statement (PostgreSQL's executor start,
 * statement triggers and commit; the driver's round trip) is shared by the batch. If the multi-row statement fails,
 * each of its calls runs again alone (`one`), so each gets its own answer or error. Calls of different keys
 * (`keyOf`) never wait for each other: a statement that waits for a lock holds up only the calls of its key.
 */
export function statementBatcher<I, O>(
  one: (item: I) => Promise<O>,
  many: (items: I[]) => Promise<O[]>,
  options: BatcherOptions,
  keyOf: (item: I) => string = () => '',
): (item: I) => Promise<O> {
  const lanes = new Map<string, Lane<I, O>>();

  async function runAlone(waiting: Waiting<I, O>): Promise<void> {
    try {
      waiting.resolve(await one(waiting.item));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function run(batch: Array<Waiting<I, O>>): Promise<void> {
    if (batch.length === 1) return runAlone(batch[0]);
    let results: O[];
    try {
      results = await many(batch.map((w) => w.item));
    } catch {
      await Promise.all(batch.map(runAlone));
      return;
    }
    batch.forEach((w, i) => w.resolve(results[i]));
  }

  function pump(key: string, lane: Lane<I, O>): void {
    while (lane.inFlight < options.maxInFlight && lane.queue.length > 0) {
      lane.inFlight += 1;
      void run(lane.queue.splice(0, options.maxBatch)).finally(() => {
        lane.inFlight -= 1;
        pump(key, lane);
      });
    }
    if (lane.inFlight === 0 && lanes.get(key) === lane) lanes.delete(key);
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      const key = keyOf(item);
      let lane = lanes.get(key);
      if (!lane) lanes.set(key, (lane = { queue: [], inFlight: 0, waking: false }));
      lane.queue.push({ item, resolve, reject });
      if (lane.waking) return;
      lane.waking = true;
      const woken = lane;
      setImmediate(() => {
        woken.waking = false;
        pump(key, woken);
      });
    });
}
