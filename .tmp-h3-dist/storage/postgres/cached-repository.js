import { cached } from "./read-cache.js";
/**
 * Wraps a repository so its hot reads come from the read cache and its writes invalidate what they change.
 * Without a cache (disabled, or inside a transaction) reads go to the database.
 */
export function withCache(repo, context, policy) {
    if (!context)
        return repo;
    const wrapped = { ...repo };
    for (const [name, read] of Object.entries(policy.reads ?? {})) {
        const original = repo[name];
        wrapped[name] = (...args) => cached(context.cache, read.key(...args), () => original(...args), () => read.tags(...args));
    }
    for (const [name, tags] of Object.entries(policy.writes ?? {})) {
        const original = repo[name];
        wrapped[name] = async (...args) => {
            const result = await original(...args);
            await context.invalidate(tags(...args));
            return result;
        };
    }
    return wrapped;
}
