import { PermanentJobError } from "./job-handler.js";
import { onJobsAnnounced } from "./job-signal.js";
/** Exponential backoff from half a second, capped at a minute, with up to 20% jitter. */
export const defaultBackoff = (attempt) => {
    const base = Math.min(60_000, 500 * 2 ** Math.max(0, attempt - 1));
    return Math.round(base * (1 + Math.random() * 0.2));
};
/**
 * Runs durable jobs from the `jobs` table. Claims use `FOR UPDATE SKIP LOCKED` with a lease, so any number of
 * runners in any number of processes share one queue and each job runs under one claim at a time; every
 * write that ends a job is fenced by the claim's attempt number, so a claim whose lease expired changes nothing.
 */
export function createJobRunner(storage, options = {}) {
    const pollMs = options.pollMs ?? 250;
    const leaseMs = options.leaseMs ?? 30_000;
    const maxAttempts = options.maxAttempts ?? 5;
    const backoff = options.backoffMs ?? defaultBackoff;
    const logger = options.logger;
    const handlers = new Map();
    let running = false;
    let loop;
    let wake;
    let nudged = false;
    let unsubscribe;
    async function finishWithError(job, handler, error) {
        const message = error.message || String(error);
        const final = error instanceof PermanentJobError || job.attempts >= (handler.maxAttempts ?? maxAttempts);
        if (!final) {
            const delay = backoff(job.attempts);
            logger?.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retryInMs: delay, err: error }, 'job failed; will retry');
            await storage.repos.jobs.fail(job.id, message, new Date(Date.now() + delay), job.attempts);
            return;
        }
        logger?.error({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: error }, 'job failed for good');
        await storage.transaction(async (repos) => {
            if (await repos.jobs.fail(job.id, message, undefined, job.attempts))
                await handler.onFailure?.(repos, job.payload, error);
        });
    }
    async function execute(job) {
        const handler = handlers.get(job.kind);
        let renewal = Promise.resolve();
        const heartbeat = setInterval(() => {
            renewal = storage.repos.jobs.renew(job.id, job.attempts, leaseMs)
                .catch((err) => logger?.warn({ jobId: job.id, err }, 'could not renew job lease'));
        }, Math.max(10, Math.floor(leaseMs / 3)));
        try {
            try {
                await handler.run(job.payload, { id: job.id, attempt: job.attempts });
            }
            catch (error) {
                clearInterval(heartbeat);
                await renewal;
                await finishWithError(job, handler, error instanceof Error ? error : new Error(String(error)));
                return;
            }
            clearInterval(heartbeat);
            await renewal;
            await storage.repos.jobs.complete(job.id, job.attempts);
        }
        finally {
            clearInterval(heartbeat);
        }
    }
    async function runOnce() {
        const kinds = [...handlers.keys()];
        if (kinds.length === 0)
            return false;
        const job = await storage.repos.jobs.claim(kinds, leaseMs);
        if (!job)
            return false;
        await execute(job);
        return true;
    }
    function idle() {
        if (nudged) {
            nudged = false;
            return Promise.resolve();
        }
        return new Promise((resolve) => {
            const done = () => { clearTimeout(timer); wake = undefined; resolve(); };
            const timer = setTimeout(done, pollMs);
            wake = done;
        });
    }
    async function poll() {
        while (running) {
            let worked = false;
            try {
                worked = await runOnce();
            }
            catch (err) {
                logger?.error({ err }, 'job runner could not claim or finish a job');
            }
            if (!worked && running)
                await idle();
        }
    }
    function nudge() {
        if (wake)
            wake();
        else
            nudged = true;
    }
    return {
        register(kind, handler) { handlers.set(kind, handler); },
        runOnce,
        nudge,
        start() {
            if (running)
                return;
            running = true;
            unsubscribe = onJobsAnnounced(storage, nudge);
            loop = poll();
        },
        async stop() {
            running = false;
            unsubscribe?.();
            wake?.();
            await loop;
            loop = undefined;
        },
    };
}
