import { apiKeysRepository } from "./api-keys-repository.js";
import { environmentsRepository } from "./environments-repository.js";
import { rootCacheContext, transactionCacheContext } from "./cache-context.js";
import { identityRepository } from "./identity-repository.js";
import { jobsRepository } from "./jobs-repository.js";
import { localesRepository } from "./locales-repository.js";
import { spacesRepository } from "./spaces-repository.js";
import { contentTypesRepository } from "./content-types-repository.js";
import { editorInterfacesRepository } from "./editor-interfaces-repository.js";
import { extensionsRepository } from "./extensions-repository.js";
import { entriesRepository } from "./entries-repository.js";
import { assetsRepository } from "./assets-repository.js";
import { snapshotsRepository } from "./snapshots-repository.js";
import { uploadsRepository } from "./uploads-repository.js";
import { searchRepository } from "./search/search-repository.js";
import { tagsRepository } from "./tags-repository.js";
import { withCache } from "./cached-repository.js";
import { environmentsCachePolicy, localesCachePolicy } from "./cache-policies.js";
function repositories(db, cache) {
    return {
        identity: identityRepository(db, cache),
        spaces: spacesRepository(db, cache),
        environments: withCache(environmentsRepository(db), cache, environmentsCachePolicy),
        locales: withCache(localesRepository(db), cache, localesCachePolicy),
        apiKeys: apiKeysRepository(db, cache),
        jobs: jobsRepository(db),
        contentTypes: contentTypesRepository(db),
        editorInterfaces: editorInterfacesRepository(db),
        extensions: extensionsRepository(db),
        entries: entriesRepository(db),
        assets: assetsRepository(db),
        snapshots: snapshotsRepository(db),
        uploads: uploadsRepository(db),
        search: searchRepository(db),
        tags: tagsRepository(db),
    };
}
/** The PostgreSQL adapter of the storage port, on a server or on PGlite. */
export function postgresStorage(open, options = {}) {
    const shared = open.kind === 'postgres';
    return {
        kind: open.kind,
        repos: repositories(open.db, rootCacheContext(open.db, options.cache, shared)),
        async transaction(work) {
            const tx = transactionCacheContext(options.cache, shared);
            const result = await open.db.transaction().execute(async (executor) => {
                const value = await work(repositories(executor, tx.context));
                await tx.beforeCommit(executor);
                return value;
            });
            tx.afterCommit();
            return result;
        },
        close: () => open.close(),
    };
}
