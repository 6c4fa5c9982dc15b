import type { Audit } from './records.ts';

export type EnvironmentStatus = 'queued' | 'inProgress' | 'ready' | 'failed';

export interface EnvironmentRecord extends Audit {
  spaceId: string; id: string; name: string; status: EnvironmentStatus; sourceEnvironmentId: string | null; version: number;
}

export interface EnvironmentAliasRecord extends Audit { spaceId: string; id: string; environmentId: string; version: number; }

/** Environments and environment aliases. */
export interface EnvironmentsRepository {
  insert(e: { spaceId: string; id: string; name: string; status: EnvironmentStatus; sourceEnvironmentId: string | null; createdBy: string }): Promise<EnvironmentRecord>;
  find(spaceId: string, id: string): Promise<EnvironmentRecord | undefined>;
  findAlias(spaceId: string, aliasId: string): Promise<EnvironmentAliasRecord | undefined>;
}
