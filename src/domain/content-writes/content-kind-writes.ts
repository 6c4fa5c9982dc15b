import type { Repositories } from '../../storage/port/index.ts';
import type { ResolvedEnvironment } from '../environments/environment-resolver.ts';
import type { ContentChange } from './content-change.ts';

/** The transitions of the shared lifecycle that are one conditional write (publish and delete have their own). */
export type StateTransition = 'unpublish' | 'archive' | 'unarchive';

/** Throws why a conditional write wrote nothing, reading in the write's transaction (404, 409 or a state rule's 400). */
export type Explain = (repos: Repositories) => Promise<never>;

/**
 * Writes that commit with a content write or not at all (a scheduled action's status): `before` runs first in the
 * write's transaction and may throw to write nothing; `after` runs in it once the write is done.
 */
export interface Alongside {
  before(repos: Repositories): Promise<void>;
  after(repos: Repositories): Promise<void>;
}

/**
 * The writes of one kind of content (entries, assets) that the shared lifecycle makes (domain/content), each with the
 * kind's follow-up writes. `V`: what the kind's publish-time validation relied on.
 */
export interface ContentKindWrites<R, V> {
  /**
   * The entity as this process's own write left it, when that was at `version`: not read again, so only ever
   * validated and passed to `publishAlone` as `current`, which writes only if it still holds.
   */
  writtenBasis?(resolved: ResolvedEnvironment, id: string, version: number): R | undefined;
  /**
   * The publish as one statement outside a transaction, when the kind and the environment allow it: the record
   * published, or undefined when it wrote nothing or cannot (then `publish` runs and says why).
   */
  publishAlone?(
    change: ContentChange,
    resolved: ResolvedEnvironment,
    current: R,
    version: number,
    validated: V,
    userId: string,
  ): Promise<R | undefined>;
  /** The publish in a transaction that first locks what the validation relied on (validating again if it changed). */
  publish(
    change: ContentChange,
    resolved: ResolvedEnvironment,
    current: R,
    version: number,
    validated: V,
    userId: string,
    explain: Explain,
    alongside?: Alongside,
  ): Promise<R>;
  transition(
    change: ContentChange,
    resolved: ResolvedEnvironment,
    id: string,
    transition: StateTransition,
    version: number | undefined,
    userId: string,
    explain: Explain,
    alongside?: Alongside,
  ): Promise<R>;
  /** Deletes the entity (not published) with what belongs to it; `change` names the actor. */
  delete(change: ContentChange, resolved: ResolvedEnvironment, id: string, explain: Explain): Promise<void>;
}
