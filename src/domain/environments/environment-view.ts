import type { EnvironmentRecord, Repositories } from '../../storage/port/index.ts';

/** An environment as the API shows it: with the aliases that target it, and the alias it was reached through. */
export interface EnvironmentView {
  readonly environment: EnvironmentRecord;
  readonly aliases: string[];
  readonly aliasId?: string;
}

export async function environmentViews(
  repos: Pick<Repositories, 'environments'>,
  spaceId: string,
  environments: EnvironmentRecord[],
  aliasId?: string,
): Promise<EnvironmentView[]> {
  const aliases = await repos.environments.aliasesTargeting(
    spaceId,
    environments.map((e) => e.id),
  );
  return environments.map((environment) => ({
    environment,
    aliases: aliases.filter((a) => a.environmentId === environment.id).map((a) => a.id),
    ...(aliasId ? { aliasId } : {}),
  }));
}
