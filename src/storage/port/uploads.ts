/** An upload: space-level metadata; the bytes live in the file store under the upload id. */
export interface UploadRecord {
  spaceId: string;
  id: string;
  sha256: string;
  size: number;
  createdBy: string | null;
  createdAt: string;
  /** When an asset's processing first used the upload; a processed upload never expires. */
  processedAt: string | null;
}

export type NewUpload = Pick<UploadRecord, 'spaceId' | 'id' | 'sha256' | 'size' | 'createdBy'>;

/** The content-addressed file behind one processed asset file URL `/{space}/{asset}/{fileKey}/{fileName}`. */
export interface AssetFileRecord {
  spaceId: string;
  assetId: string;
  fileKey: string;
  sha256: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface UploadsRepository {
  insert(upload: NewUpload): Promise<UploadRecord>;
  find(spaceId: string, id: string): Promise<UploadRecord | undefined>;
  /** Removes the row; the caller removes the bytes. */
  delete(spaceId: string, id: string): Promise<UploadRecord | undefined>;
  markProcessed(spaceId: string, id: string): Promise<void>;
  /**
   * Deletes (at most `limit`) uploads created before `before` that were never processed and that no asset's
   * `uploadFrom` names, in any environment of their space; returns what it deleted.
   */
  deleteExpired(before: Date, limit: number): Promise<UploadRecord[]>;
  /** The ids among `ids` that still have an upload row, in any space. */
  existingIds(ids: string[]): Promise<Set<string>>;

  /** Records the file behind an asset file URL; locks the row until the transaction ends (against a concurrent collection). */
  saveAssetFile(file: AssetFileRecord): Promise<void>;
  findAssetFile(spaceId: string, assetId: string, fileKey: string): Promise<AssetFileRecord | undefined>;
  /** The `fields.file` objects of asset `assetId` where it is published, in every environment of the space. */
  publishedFiles(spaceId: string, assetId: string): Promise<Array<Record<string, unknown>>>;
  /**
   * Deletes (at most `limit`) asset file rows of the space (of one asset when `assetId` is given) whose URL no
   * draft or published `file` of that asset names in any environment of the space; returns their sha256s. Waits for
   * environment copies in flight, so a copy that still carries a reference is seen.
   */
  deleteUnreferencedAssetFiles(spaceId: string, assetId: string | undefined, limit: number): Promise<string[]>;
  /**
   * Takes the transaction-scoped lock of a content-addressed file (processing holds it while it adopts the file and
   * records its row) and tells whether any asset file row, in any space, still uses it.
   */
  lockBlob(sha256: string): Promise<{ inUse: boolean }>;
}
