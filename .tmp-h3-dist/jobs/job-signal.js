/**
 * An in-process wake-up call: whoever enqueues a job announces it on the storage it used, and the job runner of
 * that storage claims it at once instead of at its next poll. Runners in other processes still find it by polling.
 */
const listeners = new WeakMap();
export function announceJobs(storage) {
    for (const listener of listeners.get(storage) ?? [])
        listener();
}
/** Calls `listener` whenever jobs are announced on `storage`; returns the unsubscribe function. */
export function onJobsAnnounced(storage, listener) {
    const set = listeners.get(storage) ?? new Set();
    listeners.set(storage, set);
    set.add(listener);
    return () => { set.delete(listener); };
}
