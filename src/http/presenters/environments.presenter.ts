import type { EnvironmentView } from '../../domain/environments/environment-view.ts';
import { toSecondsIso } from '../../lib/time.ts';
import type { EnvironmentAliasRecord } from '../../storage/port/index.ts';
import { link, userLink } from './links.ts';

/** Reached through an alias, an environment answers with the alias id and links the environment it stands for. */
export const presentEnvironment = ({ environment: e, aliases, aliasId }: EnvironmentView) => ({
  name: e.name,
  sys: {
    type: 'Environment',
    id: aliasId ?? e.id,
    version: e.version,
    space: link('Space', e.spaceId),
    status: link('Status', e.status),
    state: e.status,
    aliases: aliases.map((id) => link('EnvironmentAlias', id)),
    ...(aliasId ? { aliasedEnvironment: link('Environment', e.id) } : {}),
    createdBy: userLink(e.createdBy),
    createdAt: toSecondsIso(e.createdAt),
    updatedBy: userLink(e.updatedBy),
    updatedAt: toSecondsIso(e.updatedAt),
  },
});

export const presentEnvironmentAlias = (a: EnvironmentAliasRecord) => ({
  sys: {
    type: 'EnvironmentAlias',
    id: a.id,
    version: a.version,
    space: link('Space', a.spaceId),
    createdBy: userLink(a.createdBy),
    createdAt: toSecondsIso(a.createdAt),
    updatedBy: userLink(a.updatedBy),
    updatedAt: toSecondsIso(a.updatedAt),
  },
  environment: link('Environment', a.environmentId),
});
