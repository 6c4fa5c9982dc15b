import { validationFailed, type ErrorItem } from '../../errors/index.ts';
import type { Repositories } from '../../storage/port/index.ts';
import { MASTER } from '../spaces/spaces-service.ts';

/** An `environments` entry as sent: a link to an environment (or alias). */
export interface EnvironmentLinkInput {
  sys: { type?: string; linkType?: string; id: string };
}

/**
 * The environment ids a key may read: omitted or empty means `master`; duplicates collapse to the first;
 * every id must name an environment or an environment alias of the space.
 */
export async function keyEnvironmentIds(
  repos: Repositories,
  spaceId: string,
  links: EnvironmentLinkInput[] | null | undefined,
): Promise<string[]> {
  if (links === null) {
    throw validationFailed([
      {
        name: 'type',
        path: 'environments',
        value: null,
        details: 'environments must be a list of environment links; leave it out for master.',
      },
    ]);
  }
  const ids = [...new Set((links ?? []).map((l) => l.sys.id))];
  if (ids.length === 0) return [MASTER];
  const problems: ErrorItem[] = [];
  for (const [index, id] of ids.entries()) {
    const exists = (await repos.environments.find(spaceId, id)) ?? (await repos.environments.findAlias(spaceId, id));
    if (!exists) {
      problems.push({
        name: 'notResolvable',
        path: ['environments', index],
        value: id,
        details: `No environment or environment alias "${id}" exists in this space.`,
      });
    }
  }
  if (problems.length)
    throw validationFailed(problems, 'The API key you sent links to environments that do not exist.');
  return ids;
}
