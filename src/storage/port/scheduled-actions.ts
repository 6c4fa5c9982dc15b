export type ScheduledActionStatus = 'scheduled' | 'inProgress' | 'succeeded' | 'failed' | 'canceled';
export type ScheduledActionKind = 'publish' | 'unpublish';
export type SchedulableEntityType = 'Entry' | 'Asset';

/** The error body recorded on an action that failed (`{sys: {type: 'Error', id}, message, details}`). */
export type ScheduledActionError = Record<string, unknown>;

/** What the client chooses of an action, on create and on update. */
export interface ScheduledActionPlan {
  entityType: SchedulableEntityType;
  entityId: string;
  action: ScheduledActionKind;
  /** ISO-8601. */
  scheduledFor: string;
  timezone: string | null;
}

export interface ScheduledActionRecord extends ScheduledActionPlan {
  spaceId: string;
  environmentId: string;
  id: string;
  status: ScheduledActionStatus;
  error: ScheduledActionError | null;
  version: number;
  createdBy: string;
  updatedBy: string;
  createdAt: string;
  updatedAt: string;
  canceledAt: string | null;
  canceledBy: string | null;
}

export interface NewScheduledAction extends ScheduledActionPlan {
  spaceId: string;
  environmentId: string;
  id: string;
  createdBy: string;
}

/** A position in `scheduled_for` order: the cursor of a page. */
export interface ScheduledActionPosition {
  scheduledFor: string;
  id: string;
}

/** One read of a list: filters, direction and where to start (exclusive). */
export interface ScheduledActionQuery {
  spaceId: string;
  environmentId: string;
  statuses?: readonly ScheduledActionStatus[];
  entityIds?: readonly string[];
  /** `scheduledFor` compared with `op` to an ISO time, all of which must hold. */
  scheduledFor?: ReadonlyArray<{ op: 'eq' | 'lt' | 'lte' | 'gt' | 'gte'; value: string }>;
  descending: boolean;
  /** Items strictly past this position in the read's direction. */
  after?: ScheduledActionPosition;
  limit: number;
}

/** Scheduled actions of the spaces' environments. Writes that move a status are conditional on the status they leave. */
export interface ScheduledActionsRepository {
  /** Locks the environment's row until the transaction ends (the pending limit's check); false when it does not exist. */
  lockEnvironment(spaceId: string, environmentId: string): Promise<boolean>;
  /** Actions `scheduled` or `inProgress` in the environment. */
  countPending(spaceId: string, environmentId: string): Promise<number>;
  insert(action: NewScheduledAction): Promise<ScheduledActionRecord>;
  find(spaceId: string, id: string): Promise<ScheduledActionRecord | undefined>;
  /** Items in the query's order (ascending or descending by time, then id). */
  list(query: ScheduledActionQuery): Promise<ScheduledActionRecord[]>;
  /** Replaces the plan of an action still `scheduled` at `version` (version + 1); undefined when it is not. */
  update(
    spaceId: string,
    id: string,
    version: number,
    plan: ScheduledActionPlan,
    userId: string,
  ): Promise<ScheduledActionRecord | undefined>;
  /** Cancels an action still `scheduled` (version + 1); undefined when it is not. */
  cancel(spaceId: string, id: string, userId: string): Promise<ScheduledActionRecord | undefined>;
  /** `scheduled` -> `inProgress` at `version`; undefined when it is not `scheduled` at that version. */
  start(spaceId: string, id: string, version: number): Promise<ScheduledActionRecord | undefined>;
  /**
   * Locks the action while it is `inProgress` (in the transaction of its write), so one execution alone can end it;
   * undefined when it is not.
   */
  lockInProgress(spaceId: string, id: string): Promise<ScheduledActionRecord | undefined>;
  /** `inProgress` -> `succeeded` or `failed` (with its error); false when it was not `inProgress`. */
  finish(
    spaceId: string,
    id: string,
    status: 'succeeded' | 'failed',
    error: ScheduledActionError | null,
  ): Promise<boolean>;
}
