import { ANY, CURRENT_USER, type Constraint, type DocPath, type Policy, type PolicyAction } from './policy.ts';

/** What a policy constraint reads of an entry or asset (`doc`); undefined where it is not known yet. */
export interface EntityDoc {
  type: 'Entry' | 'Asset';
  id?: string;
  /** Entries only; an asset has none. */
  contentTypeId?: string;
  /** Null: no user (written by the system). */
  createdBy?: string | null;
  updatedBy?: string | null;
  tagIds?: readonly string[];
}

/** One field value a write changes: `fields.<field>.<locale>`. */
export interface ChangedPath {
  field: string;
  locale: string;
}

/** Three-valued: a constraint over a partly known entity may be undecided. */
type Truth = boolean | undefined;

const not = (t: Truth): Truth => (t === undefined ? undefined : !t);
function all(values: Truth[]): Truth {
  if (values.includes(false)) return false;
  return values.includes(undefined) ? undefined : true;
}
function some(values: Truth[]): Truth {
  if (values.includes(true)) return true;
  return values.includes(undefined) ? undefined : false;
}

const listOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? [] : [value]);

/** The values of a doc path (a list: tags have several), or undefined when unknown. */
function valuesAt(doc: EntityDoc, path: DocPath): readonly string[] | undefined {
  switch (path) {
    case 'sys.type':
      return [doc.type];
    case 'sys.id':
      return doc.id === undefined ? undefined : [doc.id];
    case 'sys.contentType.sys.id':
      return doc.type === 'Asset' ? [] : doc.contentTypeId === undefined ? undefined : [doc.contentTypeId];
    case 'sys.createdBy.sys.id':
      return listOf(doc.createdBy);
    case 'sys.updatedBy.sys.id':
      return listOf(doc.updatedBy);
    case 'metadata.tags.sys.id':
      return doc.tagIds;
  }
}

/**
 * How a `paths` constraint counts. `entity`: for a decision about the whole entity, a `paths` limit of an allow
 * policy still allows (some field may change) and that of a deny policy does not deny the whole entity. `path`:
 * it holds when the changed field value is one of its paths.
 */
export type PathsMode = { kind: 'entity'; effect: Policy['effect'] } | { kind: 'path'; path: ChangedPath };

export interface EvaluationContext {
  userId: string;
  paths: PathsMode;
}

const fieldMatches = (pattern: { field: string; locale: string }, path: ChangedPath) =>
  (pattern.field === ANY || pattern.field === path.field) && (pattern.locale === ANY || pattern.locale === path.locale);

/** Whether the constraint holds for the entity (undefined: it depends on what `doc` does not say). */
export function evaluate(constraint: Constraint, doc: EntityDoc, context: EvaluationContext): Truth {
  const value = (v: string) => (v === CURRENT_USER ? context.userId : v);
  switch (constraint.op) {
    case 'and':
      return all(constraint.of.map((c) => evaluate(c, doc, context)));
    case 'or':
      return some(constraint.of.map((c) => evaluate(c, doc, context)));
    case 'not':
      return not(evaluate(constraint.of, doc, context));
    case 'equals': {
      const values = valuesAt(doc, constraint.path);
      return values === undefined ? undefined : values.includes(value(constraint.value));
    }
    case 'in': {
      const values = valuesAt(doc, constraint.path);
      return values === undefined ? undefined : constraint.values.some((v) => values.includes(value(v)));
    }
    case 'paths': {
      const mode = context.paths;
      if (mode.kind === 'entity') return mode.effect === 'allow';
      return constraint.paths.some((p) => fieldMatches(p, mode.path));
    }
  }
}

export const appliesTo = (policy: Policy, action: PolicyAction) =>
  policy.actions === 'all' || policy.actions.includes(action);

/** Whether one policy matches the action on the entity (undefined: it may, depending on what `doc` does not say). */
export function policyMatches(
  policy: Policy,
  action: PolicyAction,
  doc: EntityDoc,
  userId: string,
  path?: ChangedPath,
): Truth {
  if (!appliesTo(policy, action)) return false;
  if (!policy.constraint) return true;
  const paths: PathsMode = path ? { kind: 'path', path } : { kind: 'entity', effect: policy.effect };
  return evaluate(policy.constraint, doc, { userId, paths });
}

/**
 * Deny over allow: the action is allowed when some allow policy matches and no deny policy does. With `path`, the
 * decision is about changing that one field value. On a partly known entity, `maybe` says whether it could be.
 */
export function decide(
  policies: readonly Policy[],
  action: PolicyAction,
  doc: EntityDoc,
  userId: string,
  path?: ChangedPath,
): { allowed: boolean; maybe: boolean } {
  const of = (effect: Policy['effect']) =>
    policies.filter((p) => p.effect === effect).map((p) => policyMatches(p, action, doc, userId, path));
  const allow = some(of('allow'));
  const deny = some(of('deny'));
  return { allowed: allow === true && deny === false, maybe: allow !== false && deny !== true };
}
