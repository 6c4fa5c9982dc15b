import type { ContentTypeRecord, Repositories } from '../../storage/port/index.ts';
import { defaultControl, syncControls } from './editor-controls.ts';

/**
 * Keeps a content type's editor interface in step with its activated definition, in the activation's transaction:
 * created with the default widget of every field at the first activation; afterwards renamed fields keep their
 * control, removed fields lose theirs and new fields get the default. Adds 1 to its version only when it changed.
 */
export async function syncEditorInterface(
  repos: Repositories,
  contentType: ContentTypeRecord,
  renames: Array<[string, string]>,
  userId: string,
): Promise<void> {
  const { spaceId, environmentId, id } = contentType;
  const fields = contentType.published?.fields ?? contentType.fields;
  const current = await repos.editorInterfaces.find(spaceId, environmentId, id);
  if (!current) {
    await repos.editorInterfaces.insert(spaceId, environmentId, id, fields.map(defaultControl), userId);
    return;
  }
  const { controls, changed } = syncControls(current.controls, fields, renames);
  if (!changed) return;
  await repos.editorInterfaces.update(spaceId, environmentId, id, { ...current, controls }, current.version, userId);
}
