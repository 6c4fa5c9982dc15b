import { executeStatements } from "./execute-statements.js";
/** Search support: GIN indexes that answer `metadata.tags` filters (draft and published) and the tag-in-use check. */
export async function up(db) {
    await executeStatements(db, `
    create index entries_tags on entries using gin (tags);
    create index entries_published_tags on entries using gin (published_tags);
    create index assets_tags on assets using gin (tags);
    create index assets_published_tags on assets using gin (published_tags)
  `);
}
