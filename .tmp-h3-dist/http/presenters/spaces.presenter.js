import { toSecondsIso } from "../../lib/time.js";
import { link, userLink } from "./links.js";
export const presentSpace = (s) => ({
    name: s.name,
    sys: {
        type: 'Space', id: s.id, version: s.version,
        createdBy: userLink(s.createdBy), createdAt: toSecondsIso(s.createdAt),
        updatedBy: userLink(s.updatedBy), updatedAt: toSecondsIso(s.updatedAt),
        organization: link('Organization', s.organizationId),
    },
});
