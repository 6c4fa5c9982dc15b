import type { ContentChange } from '../../storage/port/index.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';

export type { ContentChange };

/** The change of a write that records nothing beyond its rows (shared: the common path allocates nothing). */
const NOTHING_MORE: ContentChange = Object.freeze({});

/**
 * The one description of a content write made for a request, handed to the write path with the write: the path the
 * request named when it went through an alias (its events then name the alias; webhooks on an alias fire only for
 * writes made through it), a save the client marked as automatic, the actor of a delete. How it is recorded (in the
 * statement, or for the transaction) is the storage adapter's business.
 */
export function changeOf(
  resolved: ResolvedEnvironment,
  extra: { autoSave?: boolean; actorId?: string } = {},
): ContentChange {
  const requestedEnvironmentId = resolved.requestedId === resolved.environment.id ? undefined : resolved.requestedId;
  if (requestedEnvironmentId === undefined && !extra.autoSave && extra.actorId === undefined) return NOTHING_MORE;
  return {
    ...(requestedEnvironmentId === undefined ? {} : { requestedEnvironmentId }),
    ...(extra.autoSave ? { autoSave: true } : {}),
    ...(extra.actorId === undefined ? {} : { actorId: extra.actorId }),
  };
}
