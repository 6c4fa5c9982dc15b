import { UPLOAD_LIFETIME_MS } from "../../domain/uploads/uploads-service.js";
import { toMillisIso } from "../../lib/time.js";
import { link, userLink } from "./links.js";
/** `sys.environment` appears only when the path named one, as the client named it (an alias id stays an alias id). */
export const presentUpload = ({ upload: u, environmentId }) => ({
    sys: {
        type: 'Upload',
        id: u.id,
        createdAt: toMillisIso(u.createdAt),
        expiresAt: toMillisIso(new Date(new Date(u.createdAt).getTime() + UPLOAD_LIFETIME_MS)),
        space: link('Space', u.spaceId),
        ...(environmentId !== undefined ? { environment: link('Environment', environmentId) } : {}),
        createdBy: userLink(u.createdBy),
    },
});
