import { describe, expect, it } from 'vitest';
import { defaultWidgetId, syncControls } from './editor-controls.ts';
import { readEditorInterface } from './editor-interface-rules.ts';
import { extensionErrors, SRCDOC_MAX_BYTES } from './extension-rules.ts';
import { mimetypeGroupOf } from './mimetype-groups.ts';
import { field } from './fixtures.test-support.ts';

describe('editor controls', () => {
  it('gives each field type its default widget', () => {
    expect(defaultWidgetId(field('a', 'Array', { items: { type: 'Link', linkType: 'Asset', validations: [] } }))).toBe(
      'assetLinksEditor',
    );
    expect(defaultWidgetId(field('a', 'Link', { linkType: 'Entry' }))).toBe('entryLinkEditor');
    expect(defaultWidgetId(field('a', 'Text'))).toBe('markdown');
  });

  it('keeps controls in step: renames keep settings, removed fields go, new fields get defaults, order follows fields', () => {
    const controls = [
      { fieldId: 'b', widgetId: 'dropdown', widgetNamespace: 'builtin', settings: { x: 1 } },
      { fieldId: 'gone', widgetId: 'singleLine' },
    ];
    const result = syncControls(controls, [field('new', 'Boolean'), field('renamed', 'Symbol')], [['b', 'renamed']]);
    expect(result).toEqual({
      changed: true,
      controls: [
        { fieldId: 'new', widgetId: 'boolean', widgetNamespace: 'builtin' },
        { fieldId: 'renamed', widgetId: 'dropdown', widgetNamespace: 'builtin', settings: { x: 1 } },
      ],
    });
    expect(syncControls(result.controls, [field('new', 'Boolean'), field('renamed', 'Symbol')], []).changed).toBe(
      false,
    );
  });

  it('reads an editor interface body', () => {
    const ids = new Set(['a']);
    expect(
      readEditorInterface(
        { controls: [{ fieldId: 'a', widgetId: 'x', settings: { y: 1 } }], sidebar: [{ widgetId: 's' }] },
        ids,
      ),
    ).toEqual({
      errors: [],
      changes: {
        controls: [{ fieldId: 'a', widgetId: 'x', settings: { y: 1 } }],
        sidebar: [{ widgetId: 's' }],
        editors: null,
        editorLayout: null,
        groupControls: null,
      },
    });
    expect(readEditorInterface({ controls: 'x' }, ids).errors).toEqual([
      expect.objectContaining({ path: ['controls'] }),
    ]);
    expect(readEditorInterface({ controls: [{ fieldId: 'a', settings: [] }] }, ids).errors).toEqual([
      expect.objectContaining({ path: ['controls', 0, 'settings'] }),
    ]);
    expect(readEditorInterface({ editors: [1] }, ids).errors).toEqual([expect.objectContaining({ path: ['editors'] })]);
  });
});

describe('extension rules', () => {
  const ok = { name: 'X', srcdoc: '<p>' };
  it('accepts src on https and localhost, srcdoc up to 200KB', () => {
    for (const src of ['https://a.example/x', 'http://localhost:1234/', 'http://127.0.0.1/'])
      expect(extensionErrors({ extension: { name: 'X', src } })).toEqual([]);
    expect(extensionErrors({ extension: { name: 'X', srcdoc: 'x'.repeat(SRCDOC_MAX_BYTES) } })).toEqual([]);
    expect(extensionErrors({ extension: { name: 'X', srcdoc: 'x'.repeat(SRCDOC_MAX_BYTES + 1) } })).toEqual([
      expect.objectContaining({ name: 'size' }),
    ]);
  });

  it('checks parameter definitions and installation values', () => {
    const installation = [{ id: 'mode', name: 'Mode', type: 'Enum', options: ['a', 'b'], required: true }];
    expect(extensionErrors({ extension: { ...ok, parameters: { installation } }, parameters: { mode: 'a' } })).toEqual(
      [],
    );
    expect(extensionErrors({ extension: { ...ok, parameters: { installation } }, parameters: { mode: 'c' } })).toEqual([
      expect.objectContaining({ path: ['parameters', 'mode'] }),
    ]);
    expect(extensionErrors({ extension: { ...ok, parameters: { installation } } })).toEqual([
      expect.objectContaining({ name: 'required', path: ['parameters', 'mode'] }),
    ]);
    expect(
      extensionErrors({
        extension: { ...ok, parameters: { instance: [{ id: 'f', name: 'F', type: 'Boolean', default: 'no' }] } },
      }),
    ).toEqual([expect.objectContaining({ path: ['extension', 'parameters', 'instance', 0, 'default'] })]);
    expect(
      extensionErrors({
        extension: { ...ok, parameters: { instance: [{ id: 'f', name: 'F', type: 'Symbol', labels: { a: 1 } }] } },
      }),
    ).toHaveLength(1);
    expect(extensionErrors({ extension: { ...ok, parameters: { instance: 'x' } } })).toEqual([
      expect.objectContaining({ path: ['extension', 'parameters', 'instance'] }),
    ]);
    expect(extensionErrors({ extension: 'x' })).toEqual([expect.objectContaining({ path: ['extension'] })]);
    expect(extensionErrors({ extension: { ...ok, sidebar: 'yes' } })).toEqual([
      expect.objectContaining({ path: ['extension', 'sidebar'] }),
    ]);
  });
});

describe('mimetype groups', () => {
  it('maps MIME types to the twelve groups', () => {
    const cases: Array<[string | undefined, string]> = [
      ['image/png', 'image'],
      ['image/svg+xml', 'image'],
      ['audio/mpeg', 'audio'],
      ['video/mp4', 'video'],
      ['text/plain; charset=utf-8', 'plaintext'],
      ['application/pdf', 'pdfdocument'],
      ['application/msword', 'richtext'],
      ['application/vnd.ms-powerpoint', 'presentation'],
      ['text/csv', 'spreadsheet'],
      ['application/zip', 'archive'],
      ['application/json', 'code'],
      ['text/html', 'markup'],
      ['application/octet-stream', 'attachment'],
      [undefined, 'attachment'],
      ['IMAGE/JPEG', 'image'],
    ];
    for (const [type, group] of cases) expect(mimetypeGroupOf(type), String(type)).toBe(group);
  });
});
