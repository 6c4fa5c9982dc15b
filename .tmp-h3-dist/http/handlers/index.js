import { apiKeysHandlers } from "./api-keys.handlers.js";
import { environmentAliasesHandlers } from "./environment-aliases.handlers.js";
import { environmentsHandlers } from "./environments.handlers.js";
import { localesHandlers } from "./locales.handlers.js";
import { spacesHandlers } from "./spaces.handlers.js";
import { usersHandlers } from "./users.handlers.js";
import { contentTypesHandlers } from "./content-types.handlers.js";
import { editorInterfacesHandlers } from "./editor-interfaces.handlers.js";
import { extensionsHandlers } from "./extensions.handlers.js";
import { entriesHandlers } from "./entries.handlers.js";
import { assetsHandlers } from "./assets.handlers.js";
import { uploadsHandlers } from "./uploads.handlers.js";
import { assetProcessingHandlers } from "./asset-processing.handlers.js";
import { searchHandlers } from "./search.handlers.js";
import { tagsHandlers } from "./tags.handlers.js";
/** Every REST handler keyed by the operationId of the published OpenAPI documents. */
export function allHandlers(services) {
    return {
        ...usersHandlers(services),
        ...spacesHandlers(services),
        ...environmentsHandlers(services),
        ...environmentAliasesHandlers(services),
        ...localesHandlers(services),
        ...apiKeysHandlers(services),
        ...contentTypesHandlers(services),
        ...editorInterfacesHandlers(services),
        ...extensionsHandlers(services),
        ...entriesHandlers(services),
        ...assetsHandlers(services),
        ...uploadsHandlers(services),
        ...assetProcessingHandlers(services),
        ...searchHandlers(services),
        ...tagsHandlers(services),
    };
}
