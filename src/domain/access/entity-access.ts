import { isDeepStrictEqual } from 'node:util';
import type { ContentRecord, LocalizedFields } from '../../storage/port/index.ts';
import type { Condition, SearchTarget } from '../search/query.ts';
import { accessDenied } from './access-denied.ts';
import type { PolicyAction } from './policy.ts';
import { decide, type ChangedPath, type EntityDoc } from './policy-evaluation.ts';
import { readableCondition } from './policy-query.ts';
import type { SpaceRights } from './space-rights.ts';

/**
 * Entity-level decisions of the services on entries and assets, with the rights the authorizer granted. What a
 * member may not read does not exist for them (the caller's 404); a write they may not do on what they can read is
 * 403 AccessDenied with reasons. Decisions read the entity as it is before the write: its type, id, content type and
 * creator never change; a concurrent change of its tags between the decision and the write is not re-checked.
 */

/** The `doc` of a stored entry or asset. */
export function docOf(type: 'Entry' | 'Asset', record: ContentRecord & { contentTypeId?: string }): EntityDoc {
  return {
    type,
    id: record.id,
    contentTypeId: record.contentTypeId,
    createdBy: record.createdBy,
    updatedBy: record.updatedBy,
    tagIds: record.tags,
  };
}

const denied = (action: PolicyAction, doc: EntityDoc, detail = '') =>
  accessDenied(
    `Your roles do not allow ${action} on this ${doc.type.toLowerCase()}${detail}.`,
    `no role policy allows ${action} on this ${doc.type}${detail}`,
  );

export function mayRead(rights: SpaceRights, doc: EntityDoc): boolean {
  return rights.all || decide(rights.policies, 'read', doc, rights.userId).allowed;
}

/** Refuses with `missing()` (404) what the member may not read. */
export function requireReadable(rights: SpaceRights, doc: EntityDoc, missing: () => Error): void {
  if (!mayRead(rights, doc)) throw missing();
}

/** The entity must be readable (else `missing()`) and the action allowed on it (else 403). */
export function requireAction(rights: SpaceRights, action: PolicyAction, doc: EntityDoc, missing: () => Error): void {
  if (rights.all) return;
  requireReadable(rights, doc, missing);
  if (!decide(rights.policies, action, doc, rights.userId).allowed) throw denied(action, doc);
}

/** A create, decided on the entity as it would be (there is nothing to hide: refusals are 403). */
export function requireCreate(rights: SpaceRights, doc: EntityDoc): void {
  if (rights.all) return;
  const full = { ...doc, createdBy: rights.userId, updatedBy: rights.userId };
  if (!decide(rights.policies, 'create', full, rights.userId).allowed) throw denied('create', full);
}

/** The field values (`fields.<field>.<locale>`) that differ between two versions of the fields. */
export function changedPaths(before: LocalizedFields, after: LocalizedFields): ChangedPath[] {
  const changed: ChangedPath[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [before[field] ?? {}, after[field] ?? {}];
    for (const locale of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!isDeepStrictEqual(a[locale], b[locale])) changed.push({ field, locale });
    }
  }
  return changed;
}

/**
 * An update: readable (else `missing()`), update allowed on the entity, and every changed field value allowed by
 * the `paths` of the policies (else 403 naming the first field refused, before anything is written).
 */
export function requireUpdate(
  rights: SpaceRights,
  doc: EntityDoc,
  before: LocalizedFields,
  after: LocalizedFields,
  missing: () => Error,
): void {
  if (!rights.all) requireFieldUpdates(rights, doc, changedPaths(before, after), missing);
}

/** An update that changes the given field values (e.g. the processing of one locale's file). */
export function requireFieldUpdates(
  rights: SpaceRights,
  doc: EntityDoc,
  paths: ChangedPath[],
  missing: () => Error,
): void {
  if (rights.all) return;
  requireAction(rights, 'update', doc, missing);
  const refused = paths.find((path) => !decide(rights.policies, 'update', doc, rights.userId, path).allowed);
  if (refused) throw denied('update', doc, ` (field ${refused.field}, locale ${refused.locale})`);
}

/** The condition ANDed into a member's lists and searches of `target`; undefined when they may read everything. */
export function readableWhere(rights: SpaceRights, target: SearchTarget): Condition | undefined {
  return rights.all ? undefined : readableCondition(rights.policies, target, rights.userId);
}

/**
 * Creating, changing or canceling a scheduled action of the entity: it must be readable (else `missing()`, as if it
 * did not exist) and the member must be allowed to publish it (else 403).
 */
export function requireSchedulable(rights: SpaceRights, doc: EntityDoc, missing: () => Error): void {
  requireAction(rights, 'publish', doc, missing);
}
