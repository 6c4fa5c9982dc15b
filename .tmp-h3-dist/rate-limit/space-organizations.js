/**
 * Space id -> organization id, remembered in this process. A space never moves to another organization and
 * space ids are never reused, so a remembered answer never goes stale; unknown ids are not remembered
 * (the space may be created a moment later).
 */
export function spaceOrganizations(lookup, capacity = 10_000) {
    const known = new Map();
    return async (spaceId) => {
        const cached = known.get(spaceId);
        if (cached)
            return cached;
        const organizationId = await lookup(spaceId);
        if (organizationId) {
            if (known.size >= capacity)
                known.delete(known.keys().next().value);
            known.set(spaceId, organizationId);
        }
        return organizationId;
    };
}
