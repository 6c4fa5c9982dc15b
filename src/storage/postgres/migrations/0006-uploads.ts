import type { Kysely } from 'kysely';
import { executeStatements } from './execute-statements.ts';

/**
 * Uploads (space-level, the bytes live in the files directory under the upload id) and asset files: the
 * content-addressed file each processed asset locale points at, keyed as its public URL is
 * (`/{space}/{asset}/{file_key}/{fileName}`), so the asset and image hosts can find the bytes of a URL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeStatements(
    db,
    `
    create table uploads (
      space_id text not null references spaces(id) on delete cascade,
      id text not null,
      sha256 text not null,
      size bigint not null,
      created_by text,
      created_at timestamptz not null default now(),
      processed_at timestamptz,
      primary key (space_id, id)
    );
    create index uploads_unprocessed on uploads (created_at) where processed_at is null;
    create table asset_files (
      space_id text not null references spaces(id) on delete cascade,
      asset_id text not null,
      file_key text not null,
      sha256 text not null,
      content_type text not null,
      size bigint not null,
      width integer,
      height integer,
      created_at timestamptz not null default now(),
      primary key (space_id, asset_id, file_key)
    )
  `,
  );
}
