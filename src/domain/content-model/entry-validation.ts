import type { ErrorItem } from '../../errors/index.ts';
import type { LocaleRecord, ValidationLookups } from '../../storage/port/index.ts';
import type { LocalizedFields } from '../../storage/port/content.ts';
import type { ContentTypeDefinition, FieldDefinition, Validation } from './field.ts';
import { linkErrors, type LinkOccurrence } from './link-rules.ts';
import { richTextLinkTarget, walkRichText } from './rich-text.ts';
import { ruleKey, withinBounds, boundsOf, boundsText, type MinMax } from './validation-keys.ts';
import { isLinkOf, isPlainObject, valueShapeErrors } from './value-shape.ts';
import { valueRuleErrors, withMessage } from './value-rules.ts';

const liveFields = (contentType: ContentTypeDefinition) => contentType.fields.filter((field) => !field.deleted);

/**
 * Save-time shape checks (422 InvalidEntry): unknown fields, values of the wrong type, unknown locales. Content rules
 * (required, size, regexp, ...) are not checked here. Omitted fields may carry values; deleted fields are unknown; a
 * null locale value is allowed. A field that is not localized may hold values in other locales, as the hosted service
 * accepts them (the official migration tool writes a derived link in every locale): they are kept, but only the
 * default locale's value is validated, indexed and delivered.
 */
export function checkEntryShape(
  contentType: ContentTypeDefinition,
  fields: LocalizedFields,
  locales: LocaleRecord[],
): ErrorItem[] {
  if (!isPlainObject(fields)) {
    return [
      {
        name: 'type',
        type: 'Object',
        value: fields,
        path: ['fields'],
        details: 'The type of "fields" is incorrect, expected type: Object',
      },
    ];
  }
  const byId = new Map(liveFields(contentType).map((field) => [field.id, field]));
  const codes = new Set(locales.map((locale) => locale.code));
  const errors: ErrorItem[] = [];
  for (const [fieldId, perLocale] of Object.entries(fields)) {
    const field = byId.get(fieldId);
    if (!field) {
      errors.push({
        name: 'unknown',
        path: ['fields', fieldId],
        value: perLocale,
        details: `The property "${fieldId}" is not allowed here.`,
      });
      continue;
    }
    if (perLocale === null) continue; // a raw null field is accepted and then dropped
    if (!isPlainObject(perLocale)) {
      errors.push({
        name: 'type',
        type: 'Object',
        value: perLocale,
        path: ['fields', fieldId],
        details: `The type of "${fieldId}" is incorrect, expected an object of locale codes`,
      });
      continue;
    }
    for (const [code, value] of Object.entries(perLocale)) {
      const path = ['fields', fieldId, code];
      if (!codes.has(code)) {
        errors.push({
          name: 'unknown',
          path,
          value,
          details: `The property "${code}" is not allowed here: there is no locale with this code.`,
        });
      } else {
        for (const { subPath, ...item } of valueShapeErrors(field, value))
          errors.push({ ...item, path: [...path, ...(subPath ?? [])] });
      }
    }
  }
  return errors;
}

/** The locale codes a field must have a value in when it is required: non-optional locales, or only the default one when not localized. */
function requiredCodes(field: FieldDefinition, locales: LocaleRecord[]): string[] {
  if (!field.localized) return locales.filter((locale) => locale.default).map((locale) => locale.code);
  return locales.filter((locale) => locale.default || !locale.optional).map((locale) => locale.code);
}

/** The `required` problems of one field's values (`{localeCode: value}`): the whole field, or each locale missing. */
export function requiredErrors(
  field: FieldDefinition,
  perLocale: Record<string, unknown>,
  locales: LocaleRecord[],
): ErrorItem[] {
  const missing = requiredCodes(field, locales).filter(
    (code) => perLocale[code] === undefined || perLocale[code] === null,
  );
  if (Object.values(perLocale).every((v) => v === undefined || v === null) && missing.length > 0) {
    return [{ name: 'required', path: ['fields', field.id], details: `The property "${field.id}" is required here` }];
  }
  return missing.map((code) => ({
    name: 'required',
    path: ['fields', field.id, code],
    details: `The property "${field.id}" is required in locale "${code}"`,
  }));
}

/**
 * Publish-time validation (422 ValidationFailed): required fields, every validation of every field for every locale,
 * and links that do not resolve. Returns every problem with `name`, `path` (`['fields', id, locale, ...]`) and `details`.
 * Omitted fields are skipped. Lookups are batched: one `entries` call and one `assets` call per validation.
 */
export async function validateEntryForPublish(
  contentType: ContentTypeDefinition,
  entryId: string,
  fields: LocalizedFields,
  locales: LocaleRecord[],
  lookups: ValidationLookups,
): Promise<ErrorItem[]> {
  const errors: ErrorItem[] = [];
  const links: LinkOccurrence[] = [];
  const uniqueChecks: Array<{
    fieldId: string;
    locale: string;
    value: unknown;
    path: Array<string | number>;
    validation: Validation;
  }> = [];
  const codes = new Set(locales.map((locale) => locale.code));
  const defaultCode = locales.find((locale) => locale.default)?.code;
  for (const field of liveFields(contentType)) {
    if (field.omitted) continue;
    const perLocale = isPlainObject(fields?.[field.id]) ? fields[field.id]! : {};
    if (field.required) errors.push(...requiredErrors(field, perLocale, locales));
    for (const [code, value] of Object.entries(perLocale)) {
      if (value === null || value === undefined || !codes.has(code)) continue;
      if (!field.localized && code !== defaultCode) continue; // kept, never read
      const path = ['fields', field.id, code];
      for (const validation of field.validations ?? []) {
        errors.push(...valueRuleErrors(validation, value, path));
        if (ruleKey(validation) === 'unique')
          uniqueChecks.push({ fieldId: field.id, locale: code, value, path, validation });
      }
      collectValueLinks(field, code, value, path, links, errors);
    }
  }
  const [entries, assets] = await Promise.all([
    lookups.entries(unique(links.filter((l) => l.linkType === 'Entry').map((l) => l.id))),
    lookups.assets(unique(links.filter((l) => l.linkType === 'Asset').map((l) => l.id))),
  ]);
  for (const link of links) errors.push(...linkErrors(link, entries, assets));
  const taken = await Promise.all(
    uniqueChecks.map((check) =>
      lookups.uniqueTaken(contentType.id ?? '', check.fieldId, check.locale, check.value, entryId),
    ),
  );
  uniqueChecks.forEach((check, index) => {
    if (taken[index])
      errors.push(
        withMessage(
          { name: 'unique', value: check.value, path: check.path, details: 'Same field value present in other entry' },
          check.validation,
        ),
      );
  });
  return errors;
}

const unique = (ids: string[]) => [...new Set(ids)];

/** Links of one locale value (Link, Array of Link, rich text), and the per-item rules of arrays and `nodes` counts of rich text. */
function collectValueLinks(
  field: FieldDefinition,
  locale: string,
  value: unknown,
  path: Array<string | number>,
  links: LinkOccurrence[],
  errors: ErrorItem[],
): void {
  const validations = field.validations ?? [];
  if (field.type === 'Link' && isLinkOf(value, field.linkType ?? 'Entry')) {
    links.push({ linkType: field.linkType ?? 'Entry', id: value.sys.id, locale, path, validations });
  } else if (field.type === 'Array' && Array.isArray(value)) {
    const items = field.items;
    value.forEach((item, index) => {
      const itemPath = [...path, index];
      const itemValidations = items?.validations ?? [];
      if (items?.type === 'Link' && isLinkOf(item, items.linkType ?? 'Entry')) {
        links.push({
          linkType: items.linkType ?? 'Entry',
          id: item.sys.id,
          locale,
          path: itemPath,
          validations: itemValidations,
        });
      } else {
        for (const validation of itemValidations) errors.push(...valueRuleErrors(validation, item, itemPath));
      }
    });
  } else if (field.type === 'RichText' && isPlainObject(value) && value.nodeType === 'document') {
    collectRichTextLinks(validations, locale, value, path, links, errors);
  }
}

function collectRichTextLinks(
  validations: Validation[],
  locale: string,
  document: Record<string, unknown>,
  path: Array<string | number>,
  links: LinkOccurrence[],
  errors: ErrorItem[],
): void {
  const topLevelEntryRules = validations.filter((v) => ruleKey(v) === 'linkContentType');
  const nodeRules = (validations.find((v) => ruleKey(v) === 'nodes')?.nodes ?? {}) as Record<string, Validation[]>;
  const counts = new Map<string, number>();
  for (const visited of walkRichText(document)) {
    counts.set(visited.nodeType, (counts.get(visited.nodeType) ?? 0) + 1);
    const target = richTextLinkTarget(visited.node);
    if (!target) continue;
    const perNode = (nodeRules[visited.nodeType] ?? []).filter((v) => ruleKey(v) !== 'size');
    const rules = target.linkType === 'Entry' ? [...topLevelEntryRules, ...perNode] : perNode;
    links.push({
      linkType: target.linkType,
      id: target.id,
      locale,
      path: [...path, ...visited.path, 'data', 'target'],
      validations: rules,
    });
  }
  for (const [nodeType, rules] of Object.entries(nodeRules)) {
    for (const validation of Array.isArray(rules) ? rules : []) {
      if (ruleKey(validation) !== 'size') continue;
      const bounds = validation.size as MinMax;
      const count = counts.get(nodeType) ?? 0;
      if (withinBounds(count, bounds)) continue;
      errors.push(
        withMessage(
          {
            name: 'size',
            nodeType,
            ...boundsOf(bounds),
            value: count,
            path,
            details: `The number of "${nodeType}" nodes must be ${boundsText(bounds)}`,
          },
          validation,
        ),
      );
    }
  }
}
