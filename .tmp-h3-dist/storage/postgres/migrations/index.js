import * as foundation from "./0001-foundation.js";
import * as content from "./0002-content.js";
import * as search from "./0005-search.js";
import * as uploads from "./0006-uploads.js";
import * as entryValues from "./0007-entry-values.js";
import * as housekeeping from "./0008-housekeeping.js";
/** Forward-only migrations, applied in name order at start. Never edit one that has shipped: add the next. */
export const MIGRATIONS = {
    '0001-foundation': foundation,
    '0002-content': content,
    '0005-search': search,
    '0006-uploads': uploads,
    '0007-entry-values': entryValues,
    '0008-housekeeping': housekeeping,
};
