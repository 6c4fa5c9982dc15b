import type { ErrorItem } from '../../errors/index.ts';
import type { EditorControl, EditorInterfaceChanges } from '../../storage/port/index.ts';
import { isPlainObject } from './value-shape.ts';

/** The body of an editor interface update, as the HTTP layer passes it on. */
export interface EditorInterfaceInput {
  controls?: unknown;
  sidebar?: unknown;
  editors?: unknown;
  editorLayout?: unknown;
  groupControls?: unknown;
}

const CONTROL_NAMESPACES = ['builtin', 'extension', 'app'];
const LISTS = ['sidebar', 'editors', 'editorLayout', 'groupControls'] as const;

/**
 * Reads an editor interface body (whole body: left-out parts are cleared) and lists its problems: each control names
 * a field of the content type once, with string widget ids, a known namespace and object settings.
 */
export function readEditorInterface(
  input: EditorInterfaceInput,
  fieldIds: Set<string>,
): { changes: EditorInterfaceChanges; errors: ErrorItem[] } {
  const errors: ErrorItem[] = [];
  const controls: EditorControl[] = [];
  const rawControls = input.controls ?? [];
  if (!Array.isArray(rawControls)) {
    errors.push({ name: 'type', path: ['controls'], value: rawControls, details: '"controls" must be a list' });
  } else {
    const seen = new Set<string>();
    rawControls.forEach((raw, index) => {
      const at = ['controls', index];
      if (!isPlainObject(raw) || typeof raw.fieldId !== 'string') {
        errors.push({ name: 'type', path: at, value: raw, details: 'A control must be an object with a "fieldId"' });
        return;
      }
      if (!fieldIds.has(raw.fieldId))
        errors.push({
          name: 'unknown',
          path: [...at, 'fieldId'],
          value: raw.fieldId,
          details: `The content type has no field "${raw.fieldId}"`,
        });
      if (seen.has(raw.fieldId))
        errors.push({
          name: 'taken',
          path: [...at, 'fieldId'],
          value: raw.fieldId,
          details: `Field "${raw.fieldId}" has more than one control`,
        });
      seen.add(raw.fieldId);
      if (raw.widgetId !== undefined && (typeof raw.widgetId !== 'string' || raw.widgetId === '')) {
        errors.push({
          name: 'type',
          path: [...at, 'widgetId'],
          value: raw.widgetId,
          details: '"widgetId" must be a non-empty string',
        });
      }
      if (raw.widgetNamespace !== undefined && !CONTROL_NAMESPACES.includes(raw.widgetNamespace as string)) {
        errors.push({
          name: 'in',
          path: [...at, 'widgetNamespace'],
          value: raw.widgetNamespace,
          expected: CONTROL_NAMESPACES,
          details: `"widgetNamespace" must be one of: ${CONTROL_NAMESPACES.join(', ')}`,
        });
      }
      if (raw.settings !== undefined && !isPlainObject(raw.settings)) {
        errors.push({
          name: 'type',
          path: [...at, 'settings'],
          value: raw.settings,
          details: '"settings" must be an object',
        });
      }
      const control: EditorControl = { fieldId: raw.fieldId };
      if (typeof raw.widgetId === 'string') control.widgetId = raw.widgetId;
      if (typeof raw.widgetNamespace === 'string') control.widgetNamespace = raw.widgetNamespace;
      if (isPlainObject(raw.settings)) control.settings = raw.settings;
      controls.push(control);
    });
  }
  const changes: EditorInterfaceChanges = {
    controls,
    sidebar: null,
    editors: null,
    editorLayout: null,
    groupControls: null,
  };
  for (const key of LISTS) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value) || !value.every(isPlainObject)) {
      errors.push({ name: 'type', path: [key], value, details: `"${key}" must be a list of objects` });
      continue;
    }
    changes[key] = value;
  }
  return { changes, errors };
}
