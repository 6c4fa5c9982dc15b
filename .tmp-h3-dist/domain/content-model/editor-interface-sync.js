import { defaultControl, syncControls } from "./editor-controls.js";
/**
 * Keeps a content type's editor interface in step with its activated definition, in the activation's transaction:
 * created with the default widget of every field at the first activation; afterwards renamed fields keep their
 * control, removed fields lose theirs and new fields get the default. Adds 1 to its version only when it changed.
 */
export async function syncEditorInterface(repos, contentType, renames, userId) {
    const { spaceId, environmentId, id } = contentType;
    const fields = contentType.published?.fields ?? contentType.fields;
    const current = await repos.editorInterfaces.find(spaceId, environmentId, id);
    if (!current) {
        await repos.editorInterfaces.insert(spaceId, environmentId, id, fields.map(defaultControl), userId);
        return;
    }
    const { controls, changed } = syncControls(current.controls, fields, renames);
    if (!changed)
        return;
    await repos.editorInterfaces.update(spaceId, environmentId, id, { ...current, controls }, current.version, userId);
}
