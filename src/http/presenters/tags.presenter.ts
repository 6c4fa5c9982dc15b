import type { TagView } from '../../domain/tags/tags-service.ts';
import { toMillisIso } from '../../lib/time.ts';
import { link, userLink } from './links.ts';

/** A tag; `sys.environment` names the environment as the client did (an alias id stays an alias id). */
export const presentTag = ({ tag: t, environmentId }: TagView) => ({
  name: t.name,
  sys: {
    type: 'Tag',
    id: t.id,
    visibility: t.visibility,
    version: t.version,
    space: link('Space', t.spaceId),
    environment: link('Environment', environmentId),
    createdBy: userLink(t.createdBy),
    createdAt: toMillisIso(t.createdAt),
    updatedBy: userLink(t.updatedBy),
    updatedAt: toMillisIso(t.updatedAt),
  },
});
