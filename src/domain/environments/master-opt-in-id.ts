import type { Repositories } from '../../storage/port/index.ts';

/**
 * The id the environment `master` gets when a space opts in to aliases: `master-YYYY-MM-DD` (UTC), with `-2`,
 * `-3`, ... appended when that is taken by an environment or an alias.
 */
export async function masterOptInId(
  repos: Pick<Repositories, 'environments'>,
  spaceId: string,
  now: Date,
): Promise<string> {
  const base = `master-${now.toISOString().slice(0, 10)}`;
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const taken =
      (await repos.environments.find(spaceId, candidate)) ?? (await repos.environments.findAlias(spaceId, candidate));
    if (!taken) return candidate;
  }
}
