import type { EditorControl } from '../../storage/port/index.ts';
import type { FieldDefinition } from './field.ts';

/** The built-in widget a field gets by default, per field type (the hosted web app's defaults). */
export function defaultWidgetId(field: Pick<FieldDefinition, 'type' | 'linkType' | 'items'>): string {
  switch (field.type) {
    case 'Symbol':
      return 'singleLine';
    case 'Text':
      return 'markdown';
    case 'RichText':
      return 'richTextEditor';
    case 'Integer':
    case 'Number':
      return 'numberEditor';
    case 'Date':
      return 'datePicker';
    case 'Location':
      return 'locationEditor';
    case 'Boolean':
      return 'boolean';
    case 'Object':
      return 'objectEditor';
    case 'Link':
      return field.linkType === 'Asset' ? 'assetLinkEditor' : 'entryLinkEditor';
    case 'Array':
      if (field.items?.type === 'Link')
        return field.items.linkType === 'Asset' ? 'assetLinksEditor' : 'entryLinksEditor';
      return 'tagEditor';
  }
}

export const defaultControl = (field: FieldDefinition): EditorControl => ({
  fieldId: field.id,
  widgetId: defaultWidgetId(field),
  widgetNamespace: 'builtin',
});

/**
 * Keeps controls in step with an activated definition: renamed fields keep their control under the new id, removed
 * fields lose theirs, new fields get the default widget; the order follows the fields. Answers whether anything changed.
 */
export function syncControls(
  controls: EditorControl[],
  fields: FieldDefinition[],
  renames: Array<[string, string]>,
): { controls: EditorControl[]; changed: boolean } {
  const renamed = new Map(renames);
  const byField = new Map(
    controls.map((control) => {
      const fieldId = renamed.get(control.fieldId) ?? control.fieldId;
      return [fieldId, { ...control, fieldId }] as const;
    }),
  );
  const next = fields.map((field) => byField.get(field.id) ?? defaultControl(field));
  return { controls: next, changed: JSON.stringify(next) !== JSON.stringify(controls) };
}
