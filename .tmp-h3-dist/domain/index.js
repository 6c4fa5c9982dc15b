import { apiKeysService } from "./api-keys/api-keys-service.js";
import { environmentResolver } from "./environments/environment-resolver.js";
import { environmentsService } from "./environments/environments-service.js";
import { identityService } from "./identity/identity-service.js";
import { localesService } from "./locales/locales-service.js";
import { spacesService } from "./spaces/spaces-service.js";
import { contentTypesService } from "./content-model/content-types-service.js";
import { contentTypeSnapshotsService } from "./content-model/content-type-snapshots-service.js";
import { editorInterfacesService } from "./content-model/editor-interfaces-service.js";
import { extensionsService } from "./content-model/extensions-service.js";
import { entriesService } from "./entries/entries-service.js";
import { entrySnapshotsService } from "./entries/entry-snapshots-service.js";
import { assetsService } from "./assets/assets-service.js";
import { uploadsService } from "./uploads/uploads-service.js";
import { assetProcessingService } from "./uploads/asset-processing-service.js";
import { searchService } from "./search/search-service.js";
import { tagsService } from "./tags/tags-service.js";
export { bootstrapIdentity } from "./identity/bootstrap.js";
/** Every domain service, built once over one storage. */
export function createServices(storage, options = {}) {
    const spaces = spacesService(storage);
    const resolveEnvironment = environmentResolver(storage, spaces);
    return {
        identity: identityService(storage),
        spaces,
        resolveEnvironment,
        environments: environmentsService(storage, spaces, resolveEnvironment),
        locales: localesService(storage, resolveEnvironment),
        apiKeys: apiKeysService(storage, spaces),
        contentTypes: contentTypesService(storage, resolveEnvironment),
        contentTypeSnapshots: contentTypeSnapshotsService(storage, resolveEnvironment),
        editorInterfaces: editorInterfacesService(storage, resolveEnvironment),
        extensions: extensionsService(storage, resolveEnvironment),
        entries: entriesService(storage, resolveEnvironment),
        entrySnapshots: entrySnapshotsService(storage, resolveEnvironment),
        assets: assetsService(storage, resolveEnvironment),
        uploads: uploadsService(storage, resolveEnvironment, options.uploads ?? { files: undefined, maxBytes: 0 }),
        assetProcessing: assetProcessingService(storage, resolveEnvironment, options.assetProcessing ?? { fetchRemoteFiles: false }),
        search: searchService(storage, resolveEnvironment),
        tags: tagsService(storage, resolveEnvironment),
    };
}
