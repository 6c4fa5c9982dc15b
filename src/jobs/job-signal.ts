/**
 * An in-process wake-up call: whoever enqueues a job announces it on the storage it used, and the job runner of
 * that storage claims it at once instead of at its next poll. Runners in other processes still find it by polling.
 */
type Listener = (kinds: readonly string[] | undefined) => void;

const listeners = new WeakMap<object, Set<Listener>>();

/** `kinds`: the kinds enqueued, so that runners of other kinds stay asleep; left out, every runner looks. */
export function announceJobs(storage: object, kinds?: readonly string[]): void {
  for (const listener of listeners.get(storage) ?? []) listener(kinds);
}

/** Calls `listener` whenever jobs are announced on `storage`; returns the unsubscribe function. */
export function onJobsAnnounced(storage: object, listener: Listener): () => void {
  const set = listeners.get(storage) ?? new Set<Listener>();
  listeners.set(storage, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}
