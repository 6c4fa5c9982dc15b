export async function environmentViews(repos, spaceId, environments, aliasId) {
    const aliases = await repos.environments.aliasesTargeting(spaceId, environments.map((e) => e.id));
    return environments.map((environment) => ({
        environment,
        aliases: aliases.filter((a) => a.environmentId === environment.id).map((a) => a.id),
        ...(aliasId ? { aliasId } : {}),
    }));
}
