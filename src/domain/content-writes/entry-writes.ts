import { validationFailed } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type {
  ContentDraft,
  EntryPublish,
  EntryRecord,
  LocalizedFields,
  NewEntry,
  Repositories,
  Storage,
} from '../../storage/port/index.ts';
import { validateEntryForPublish } from '../content-model/entry-validation.ts';
import type { ContentTypeDefinition } from '../content-model/field.ts';
import { isMasterEnvironment, isMasterWithoutReading } from '../content/master-environment.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { activationOf, linkBearing, type Activation } from '../entries/entry-content-type.ts';
import { validateForPublish } from '../entries/entry-publish-check.ts';
import type { ContentChange } from './content-change.ts';
import type { ContentKindWrites, Explain } from './content-kind-writes.ts';
import type { WritePath } from './write-path.ts';

/** What an entry's publish was validated against: the activation of its content type and the default locale. */
export type EntryValidation = Activation;

const hasUnique = (definition: ContentTypeDefinition): boolean =>
  definition.fields.some((f) => f.validations.some((v) => 'unique' in v));

/**
 * Entries' writes with their follow-ups: the draft's links with every save (in the insert's or update's statement or
 * transaction), the published links and the snapshot with the publish (in its statement), the published links gone
 * with an unpublish, the snapshots with a delete. A publish is always the one statement of `publishValidated`:
 * alone when nothing needs locking first, else in the transaction that locks the activation and, for `unique`
 * fields, checks them again.
 */
export function entryWrites(storage: Storage, path: WritePath) {
  /** The publish of `entry` as validated; the snapshot is recorded when the environment is the master one. */
  const publishOf = (
    resolved: ResolvedEnvironment,
    entry: EntryRecord,
    version: number,
    validated: EntryValidation,
    userId: string,
    master: boolean,
    basis: EntryRecord | undefined,
    change: ContentChange | undefined,
  ): EntryPublish => ({
    spaceId: resolved.environment.spaceId,
    environmentId: resolved.environment.id,
    id: entry.id,
    contentTypeId: entry.contentTypeId,
    expectedVersion: version,
    activationVersion: validated.publishedVersion,
    userId,
    links: linkBearing(validated.definition, entry.fields, validated.defaultLocale),
    snapshot: master ? { id: generateId(), createdBy: userId } : undefined,
    basis,
    change,
  });

  /**
   * An activation holds the content type row while it checks the published entries against the new definition;
   * publishing shares that row lock, so either the activation sees this entry published or this publish sees the
   * new activation (a new published version) and is validated again against its definition.
   */
  async function lockActivation(
    repos: Repositories,
    entry: EntryRecord,
    validated: EntryValidation,
    spaceId: string,
    environmentId: string,
  ): Promise<EntryValidation> {
    const locked = activationOf(
      await repos.contentTypes.lockShared(spaceId, environmentId, entry.contentTypeId),
      entry.contentTypeId,
    );
    if (locked.publishedVersion === validated.publishedVersion)
      return { ...locked, defaultLocale: validated.defaultLocale };
    return {
      ...locked,
      defaultLocale: await validateForPublish(repos, spaceId, environmentId, entry, locked.definition),
    };
  }

  /**
   * `unique` was checked before the publishing transaction; two publishes of one value at the same instant would both
   * pass that check. Under a per-content-type lock, the transaction checks again against what is committed.
   */
  async function recheckUniqueness(repos: Repositories, entry: EntryRecord, definition: ContentTypeDefinition) {
    if (!hasUnique(definition)) return;
    const { spaceId, environmentId } = entry;
    await repos.entries.lockContentTypePublishing(spaceId, environmentId, entry.contentTypeId);
    const locales = await repos.locales.list(spaceId, environmentId);
    const errors = (
      await validateEntryForPublish(
        definition,
        entry.id,
        entry.publishedFields ?? {},
        locales,
        repos.entries.validationLookups(spaceId, environmentId),
      )
    ).filter((e) => e.name === 'unique');
    if (errors.length) throw validationFailed(errors);
  }

  const lifecycle: ContentKindWrites<EntryRecord, EntryValidation> = {
    writtenBasis: ({ environment }, id, version) =>
      storage.repos.entries.writtenBasis?.(environment.spaceId, environment.id, id, version),

    /**
     * Without `unique` rules (checked again under a lock, in the transaction) and when the master environment needs
     * no read, the publish is its one statement alone: it shares the content type's row lock as the transaction
     * does, and writes only if the activation is still the one validated against.
     */
    async publishAlone(change, resolved, entry, version, validated, userId) {
      const master = isMasterWithoutReading(resolved);
      if (master === undefined || hasUnique(validated.definition)) return undefined;
      return storage.repos.entries.publishValidated(
        publishOf(resolved, entry, version, validated, userId, master, entry, change),
      );
    },

    publish(change, resolved, entry, version, validated, userId, explain, alongside) {
      const { spaceId, id: environmentId } = resolved.environment;
      return path.conditional(
        change,
        async (repos) => {
          await alongside?.before(repos);
          const locked = await lockActivation(repos, entry, validated, spaceId, environmentId);
          const master = await isMasterEnvironment(repos, resolved);
          const published = await repos.entries.publishValidated(
            publishOf(resolved, entry, version, locked, userId, master, undefined, undefined),
          );
          if (published) await recheckUniqueness(repos, published, locked.definition);
          return published;
        },
        explain,
        alongside && ((repos) => alongside.after(repos)),
      );
    },

    transition(change, { environment }, id, transition, version, userId, explain, alongside) {
      const { spaceId, id: environmentId } = environment;
      return path.conditional(
        change,
        async (repos) => {
          await alongside?.before(repos);
          return transition === 'unpublish'
            ? repos.entries.unpublish(spaceId, environmentId, id, userId)
            : repos.entries[transition](spaceId, environmentId, id, version, userId);
        },
        explain,
        async (repos) => {
          if (transition === 'unpublish')
            await repos.entries.replaceLinks(spaceId, environmentId, id, 'published', null);
          await alongside?.after(repos);
        },
      );
    },

    delete(change, { environment }, id, explain) {
      const { spaceId, id: environmentId } = environment;
      return path.transaction(change, async (repos) => {
        if (!(await repos.entries.delete(spaceId, environmentId, id))) await explain(repos);
        await repos.snapshots.deleteFor(spaceId, environmentId, 'Entry', id);
      });
    },
  };

  return {
    lifecycle,

    /**
     * Inserts an entry at version 1 with its draft links (`links`): one statement alone, which records `change`
     * itself; with tags, in a transaction that locks them first (`lockTags`, checked again). Undefined when the id
     * is taken.
     */
    insert(
      change: ContentChange,
      entry: Omit<NewEntry, 'change'>,
      links: LocalizedFields,
      lockTags: ((repos: Repositories) => Promise<void>) | undefined,
    ): Promise<EntryRecord | undefined> {
      const alone = lockTags === undefined;
      return path.statementOrTransaction(
        change,
        alone,
        (repos) => repos.entries.insert(alone ? { ...entry, change } : entry, links),
        lockTags,
      );
    },

    /** Replaces the draft at `version` (tags locked first), and the draft's links with it (`linksOf` the fields). */
    saveDraft(
      change: ContentChange,
      { environment }: ResolvedEnvironment,
      id: string,
      draft: ContentDraft,
      version: number,
      userId: string,
      linksOf: (fields: LocalizedFields) => LocalizedFields,
      lockTags: (repos: Repositories) => Promise<void>,
      explain: Explain,
    ): Promise<EntryRecord> {
      const { spaceId, id: environmentId } = environment;
      return path.conditional(
        change,
        async (repos) => {
          await lockTags(repos);
          return repos.entries.update(spaceId, environmentId, id, draft, version, userId);
        },
        explain,
        (repos, updated) => repos.entries.replaceLinks(spaceId, environmentId, id, 'draft', linksOf(updated.fields)),
      );
    },
  };
}

export type EntryWrites = ReturnType<typeof entryWrites>;
