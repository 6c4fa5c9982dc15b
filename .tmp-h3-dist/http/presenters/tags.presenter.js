import { toMillisIso } from "../../lib/time.js";
import { link, userLink } from "./links.js";
/** A tag; `sys.environment` names the environment as the client did (an alias id stays an alias id). */
export const presentTag = ({ tag: t, environmentId }) => ({
    name: t.name,
    sys: {
        type: 'Tag', id: t.id, visibility: t.visibility, version: t.version,
        space: link('Space', t.spaceId), environment: link('Environment', environmentId),
        createdBy: userLink(t.createdBy), createdAt: toMillisIso(t.createdAt),
        updatedBy: userLink(t.updatedBy), updatedAt: toMillisIso(t.updatedAt),
    },
});
