/** The field types of the content model. */
export type FieldType =
  'Symbol' | 'Text' | 'RichText' | 'Integer' | 'Number' | 'Date' | 'Boolean' | 'Location' | 'Object' | 'Link' | 'Array';

/** One validation object: exactly one rule key (e.g. `size`), plus an optional custom `message`. */
export type Validation = Record<string, unknown> & { message?: string };

export interface ArrayItems {
  type: 'Symbol' | 'Link';
  linkType?: 'Entry' | 'Asset';
  validations: Validation[];
}

/** A field of a content type, as stored and as sent on the wire. */
export interface FieldDefinition {
  id: string;
  name: string;
  type: FieldType;
  localized: boolean;
  required: boolean;
  disabled: boolean;
  omitted: boolean;
  deleted?: boolean;
  /** Renames the field on the next activation (the entries' keys follow); never stored in an activated definition. */
  newId?: string;
  linkType?: 'Entry' | 'Asset';
  items?: ArrayItems;
  validations: Validation[];
  defaultValue?: Record<string, unknown>;
}

/** The definition that shapes content: the activated (published) version of a content type. */
export interface ContentTypeDefinition {
  /** The content type id; filled in by the content types repository when it reads an activated definition. */
  id?: string;
  name: string;
  description: string | null;
  displayField: string | null;
  fields: FieldDefinition[];
}
