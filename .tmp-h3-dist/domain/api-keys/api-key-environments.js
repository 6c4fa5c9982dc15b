import { validationFailed } from "../../errors/index.js";
import { MASTER } from "../spaces/spaces-service.js";
/**
 * The environment ids a key may read: omitted or empty means `master`; duplicates collapse to the first;
 * every id must name an environment or an environment alias of the space.
 */
export async function keyEnvironmentIds(repos, spaceId, links) {
    if (links === null) {
        throw validationFailed([{ name: 'type', path: 'environments', value: null, details: 'environments must be a list of environment links; leave it out for master.' }]);
    }
    const ids = [...new Set((links ?? []).map((l) => l.sys.id))];
    if (ids.length === 0)
        return [MASTER];
    const problems = [];
    for (const [index, id] of ids.entries()) {
        const exists = (await repos.environments.find(spaceId, id)) ?? (await repos.environments.findAlias(spaceId, id));
        if (!exists) {
            problems.push({ name: 'notResolvable', path: ['environments', index], value: id, details: `No environment or environment alias "${id}" exists in this space.` });
        }
    }
    if (problems.length)
        throw validationFailed(problems, 'The API key you sent links to environments that do not exist.');
    return ids;
}
