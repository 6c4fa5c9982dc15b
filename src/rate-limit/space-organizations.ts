/**
 * Space id -> organization id, kept in this process. A space never moves to another organization and
 * space ids are never reused, so a kept answer never goes stale; unknown ids are not kept
 * (the space may be created a moment later).
 */
export function spaceOrganizations(lookup: (spaceId: string) => Promise<string | undefined>, capacity = 10_000) {
  const known = new Map<string, string>();
  return async (spaceId: string): Promise<string | undefined> => {
    const cached = known.get(spaceId);
    if (cached) return cached;
    const organizationId = await lookup(spaceId);
    if (organizationId) {
      if (known.size >= capacity) known.delete(known.keys().next().value!);
      known.set(spaceId, organizationId);
    }
    return organizationId;
  };
}
