import type { EditorInterfaceView } from '../../domain/content-model/editor-interfaces-service.ts';
import { toMillisIso } from '../../lib/time.ts';
import { link, userLink } from './links.ts';

/** Parts never set are left out (`sidebar`, `editors`, `editorLayout`, `groupControls`). */
export const presentEditorInterface = ({ record: r, environmentId }: EditorInterfaceView) => ({
  sys: {
    id: 'default' as const,
    type: 'EditorInterface' as const,
    version: r.version,
    space: link('Space', r.spaceId),
    environment: link('Environment', environmentId),
    contentType: link('ContentType', r.contentTypeId),
    createdAt: toMillisIso(r.createdAt),
    updatedAt: toMillisIso(r.updatedAt),
    createdBy: userLink(r.createdBy),
    updatedBy: userLink(r.updatedBy),
  },
  controls: r.controls,
  ...(r.sidebar ? { sidebar: r.sidebar } : {}),
  ...(r.editors ? { editors: r.editors } : {}),
  ...(r.editorLayout ? { editorLayout: r.editorLayout } : {}),
  ...(r.groupControls ? { groupControls: r.groupControls } : {}),
});
