import type { Audit, AuditKey, Page, PageRequest } from './records.ts';

export type EnvironmentStatus = 'queued' | 'inProgress' | 'ready' | 'failed';

export interface EnvironmentRecord extends Audit {
  spaceId: string;
  id: string;
  name: string;
  status: EnvironmentStatus;
  sourceEnvironmentId: string | null;
  version: number;
}

export interface EnvironmentAliasRecord extends Audit {
  spaceId: string;
  id: string;
  environmentId: string;
  version: number;
}

/** What environment lists order and filter by. */
export type EnvironmentOrderKey = AuditKey | 'name' | 'id' | 'status';
/** What alias lists order and filter by (`environmentId`: the target). */
export type EnvironmentAliasOrderKey = AuditKey | 'id' | 'environmentId';

export interface NewEnvironment {
  spaceId: string;
  id: string;
  name: string;
  status: EnvironmentStatus;
  sourceEnvironmentId: string | null;
  createdBy: string;
}

/** Environments and environment aliases. */
export interface EnvironmentsRepository {
  insert(e: NewEnvironment): Promise<EnvironmentRecord>;
  /** Inserts unless the id is taken; undefined when it is. */
  create(e: NewEnvironment): Promise<EnvironmentRecord | undefined>;
  find(spaceId: string, id: string): Promise<EnvironmentRecord | undefined>;
  /** The environment locked against deletion and state changes until the transaction ends. */
  findForShare(spaceId: string, id: string): Promise<EnvironmentRecord | undefined>;
  list(spaceId: string, page: PageRequest<EnvironmentOrderKey>): Promise<Page<EnvironmentRecord>>;
  /** Renames when `expectedVersion` is current; undefined when it is not (or the environment is gone). */
  rename(
    spaceId: string,
    id: string,
    name: string,
    expectedVersion: number,
    userId: string,
  ): Promise<EnvironmentRecord | undefined>;
  /** Changes the id (and name) of an environment; what lives in it follows by cascade, and so do copies waiting for it. */
  changeId(spaceId: string, id: string, newId: string, userId: string): Promise<EnvironmentRecord | undefined>;
  /** Moves the state from one of `from` to `to`; undefined when the environment is gone or in another state. */
  transition(
    spaceId: string,
    id: string,
    from: EnvironmentStatus[],
    to: EnvironmentStatus,
    failureReason?: string,
  ): Promise<EnvironmentRecord | undefined>;
  /** Deletes the environment, everything in it and the API keys' references to it. */
  delete(spaceId: string, id: string): Promise<boolean>;
  /**
   * Copies everything environment-scoped (locales now; content types, entries, assets, ... as they arrive) from
   * one environment into another, keeping ids and metadata: one set-based statement per table.
   */
  copyContent(spaceId: string, fromId: string, toId: string): Promise<void>;
  /** Serialises id-allocating writes of one space (environment and alias ids share one namespace). */
  lockSpace(spaceId: string): Promise<void>;

  findAlias(spaceId: string, aliasId: string): Promise<EnvironmentAliasRecord | undefined>;
  listAliases(spaceId: string, page: PageRequest<EnvironmentAliasOrderKey>): Promise<Page<EnvironmentAliasRecord>>;
  /** The aliases that target any of these environments. */
  aliasesTargeting(spaceId: string, environmentIds: string[]): Promise<EnvironmentAliasRecord[]>;
  countAliases(spaceId: string): Promise<number>;
  insertAlias(a: {
    spaceId: string;
    id: string;
    environmentId: string;
    createdBy: string;
  }): Promise<EnvironmentAliasRecord>;
  /** Retargets when `expectedVersion` is current; undefined when it is not (or the alias is gone). */
  retargetAlias(
    spaceId: string,
    id: string,
    environmentId: string,
    expectedVersion: number,
    userId: string,
  ): Promise<EnvironmentAliasRecord | undefined>;
  /** Deletes the alias and the API keys' references to it. */
  deleteAlias(spaceId: string, id: string): Promise<boolean>;
}
