import { toMillisIso } from "../../lib/time.js";
import { link, userLink } from "./links.js";
export const presentExtension = ({ record: r, environmentId }) => ({
    extension: r.extension,
    parameters: r.parameters,
    sys: {
        type: 'Extension', id: r.id, version: r.version,
        space: link('Space', r.spaceId), environment: link('Environment', environmentId),
        createdAt: toMillisIso(r.createdAt), updatedAt: toMillisIso(r.updatedAt), createdBy: userLink(r.createdBy), updatedBy: userLink(r.updatedBy),
    },
});
