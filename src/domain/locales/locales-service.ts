import { notFound, validationFailed, versionMismatch } from '../../errors/index.ts';
import { generateId } from '../../lib/ids.ts';
import type { LocaleChanges, LocaleRecord, Repositories, Storage } from '../../storage/port/index.ts';
import type { ResolveEnvironment, ResolvedEnvironment } from '../environments/environment-resolver.ts';
import { actorId, type Actor } from '../shared/actor.ts';
import { deletionProblems, localeProblems, type LocaleCandidate } from './locale-rules.ts';

/** A create or update body. `fallbackCode: undefined` means the property was left out. */
export interface LocaleInput {
  name: string;
  code: string;
  fallbackCode?: string | null;
  default?: boolean;
  contentManagementApi?: boolean;
  contentDeliveryApi?: boolean;
  optional?: boolean;
}

/** A locale and the environment id the client named (an alias id stays an alias id in `sys.environment`). */
export interface LocaleView {
  locale: LocaleRecord;
  environmentId: string;
}

const sameChanges = (a: LocaleChanges, b: LocaleChanges) =>
  a.code === b.code &&
  a.name === b.name &&
  a.fallbackCode === b.fallbackCode &&
  a.optional === b.optional &&
  a.contentManagementApi === b.contentManagementApi &&
  a.contentDeliveryApi === b.contentDeliveryApi;

/** Whole-body replacement: every omitted property takes its default. */
const changesFrom = (input: LocaleInput, omittedFallback: string | null): LocaleChanges => ({
  name: input.name,
  code: input.code,
  fallbackCode: input.fallbackCode === undefined ? omittedFallback : input.fallbackCode,
  contentManagementApi: input.contentManagementApi ?? true,
  contentDeliveryApi: input.contentDeliveryApi ?? true,
  optional: input.optional ?? false,
});

/** Locales of an environment, reached by environment id, alias id, or the path without an environment (`master`). */
export function localesService(storage: Storage, resolve: ResolveEnvironment) {
  const refuse = (problems: ReturnType<typeof localeProblems>, message: string) => {
    if (problems.length) throw validationFailed(problems, message);
  };

  async function forWrite(
    actor: Actor,
    spaceId: string,
    environmentId: string | undefined,
  ): Promise<ResolvedEnvironment> {
    return resolve(spaceId, environmentId);
  }

  /** Runs `work` with the environment's locale writes serialised and its locales read after the lock. */
  function locked<T>(
    resolved: ResolvedEnvironment,
    work: (repos: Repositories, all: LocaleRecord[]) => Promise<T>,
  ): Promise<T> {
    const { spaceId, id } = resolved.environment;
    return storage.transaction(async (repos) => {
      if (!(await repos.locales.lockEnvironment(spaceId, id)))
        throw notFound('Environment', resolved.requestedId, { space: spaceId });
      return work(repos, await repos.locales.list(spaceId, id));
    });
  }

  const findIn = (all: LocaleRecord[], localeId: string) =>
    all.find((l) => l.id === localeId) ?? Promise.reject(notFound('Locale', localeId));

  return {
    async list(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      page: { skip: number; limit: number },
    ) {
      const { environment, requestedId } = await resolve(spaceId, environmentId);
      const { items, total } = await storage.repos.locales.page(environment.spaceId, environment.id, page);
      return { items: items.map((locale): LocaleView => ({ locale, environmentId: requestedId })), total };
    },

    async get(actor: Actor, spaceId: string, environmentId: string | undefined, localeId: string): Promise<LocaleView> {
      const { environment, requestedId } = await resolve(spaceId, environmentId);
      const locale = await storage.repos.locales.find(environment.spaceId, environment.id, localeId);
      if (!locale) throw notFound('Locale', localeId);
      return { locale, environmentId: requestedId };
    },

    /** Creates a non-default locale; an omitted fallback becomes the default locale's code. */
    async create(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      input: LocaleInput,
    ): Promise<LocaleView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const locale = await locked(resolved, async (repos, all) => {
        const defaultCode = all.find((l) => l.default)?.code ?? null;
        const candidate: LocaleCandidate = { ...changesFrom(input, defaultCode), id: undefined, default: false };
        const problems = localeProblems(all, candidate, undefined);
        if (input.default === true) {
          problems.push({
            name: 'default locale cannot change',
            path: 'default',
            value: true,
            details:
              'An environment has exactly one default locale, fixed when the environment is created; a new locale cannot be the default.',
          });
        }
        refuse(problems, 'The locale you sent is invalid.');
        return repos.locales.insert({
          ...candidate,
          id: generateId(),
          spaceId: resolved.environment.spaceId,
          environmentId: resolved.environment.id,
          createdBy: actorId(actor),
        });
      });
      return { locale, environmentId: resolved.requestedId };
    },

    /**
     * Replaces a locale. An identical body is answered with the locale as it is, whatever the version header says;
     * a changing body needs the current version.
     */
    async update(
      actor: Actor,
      spaceId: string,
      environmentId: string | undefined,
      localeId: string,
      input: LocaleInput,
      version: number | undefined,
    ): Promise<LocaleView> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      const locale = await locked(resolved, async (repos, all) => {
        const current = await findIn(all, localeId);
        const changes = changesFrom(input, null);
        const defaultUnchanged = input.default === undefined || input.default === current.default;
        if (defaultUnchanged && sameChanges(changes, current)) return current;
        if (version !== current.version) throw versionMismatch(current.version, version);
        const problems = localeProblems(all, { ...changes, id: current.id, default: current.default }, current);
        if (!defaultUnchanged) {
          problems.push({
            name: 'default locale cannot change',
            path: 'default',
            value: input.default,
            details: `The default locale of an environment cannot change; "default" must stay ${current.default}.`,
          });
        }
        refuse(problems, 'The locale you sent is invalid.');
        const updated = await repos.locales.update(
          current.spaceId,
          current.environmentId,
          current.id,
          changes,
          version,
          actorId(actor),
        );
        return updated ?? Promise.reject(versionMismatch(current.version, version));
      });
      return { locale, environmentId: resolved.requestedId };
    },

    /** Deletes a locale and its content. The default locale and fallbacks of other locales stay. */
    async delete(actor: Actor, spaceId: string, environmentId: string | undefined, localeId: string): Promise<void> {
      const resolved = await forWrite(actor, spaceId, environmentId);
      await locked(resolved, async (repos, all) => {
        const locale = await findIn(all, localeId);
        refuse(deletionProblems(all, locale), `Locale "${locale.code}" cannot be deleted.`);
        if (!(await repos.locales.delete(locale.spaceId, locale.environmentId, locale.id)))
          throw notFound('Locale', localeId);
      });
    },
  };
}

export type LocalesService = ReturnType<typeof localesService>;
