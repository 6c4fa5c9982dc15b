import { validationFailed, type ErrorItem } from '../../errors/index.ts';
import type { ScheduledActionPlan } from '../../storage/port/index.ts';

/** The body of a create or an update, as the request validator let it through (shape and enums checked). */
export interface ScheduledActionInput {
  entity: { sys: { type: 'Link'; linkType: 'Entry' | 'Asset'; id: string } };
  environment: { sys: { type: 'Link'; linkType: 'Environment'; id: string } };
  scheduledFor: { datetime: string; timezone?: string };
  action: 'publish' | 'unpublish';
}

/** ISO-8601 date and time with an offset (`Z` or `±hh:mm`): a time without one would depend on the server's zone. */
const ISO_DATETIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function datetimeProblem(datetime: string, now: Date): ErrorItem | undefined {
  const path = ['scheduledFor', 'datetime'];
  const time = ISO_DATETIME.test(datetime) ? Date.parse(datetime) : Number.NaN;
  if (Number.isNaN(time))
    return {
      name: 'format',
      path,
      value: datetime,
      details: 'scheduledFor.datetime must be an ISO-8601 date and time with an offset, e.g. 2030-01-01T12:00:00.000Z',
    };
  if (time <= now.getTime())
    return { name: 'in the past', path, value: datetime, details: 'scheduledFor.datetime must be in the future' };
  return undefined;
}

/**
 * The plan of a body, or 422 `ValidationFailed` naming every problem: a time that is not ISO-8601 or not in the
 * future, a time zone that is not an IANA one.
 */
export function planOf(input: ScheduledActionInput, now: Date): ScheduledActionPlan {
  const { datetime, timezone } = input.scheduledFor;
  const problems: ErrorItem[] = [];
  const timeProblem = datetimeProblem(datetime, now);
  if (timeProblem) problems.push(timeProblem);
  if (timezone !== undefined && !isTimeZone(timezone))
    problems.push({
      name: 'in',
      path: ['scheduledFor', 'timezone'],
      value: timezone,
      details: 'scheduledFor.timezone must be an IANA time zone, e.g. Europe/Berlin',
    });
  if (problems.length) throw validationFailed(problems);
  return {
    entityType: input.entity.sys.linkType,
    entityId: input.entity.sys.id,
    action: input.action,
    scheduledFor: new Date(datetime).toISOString(),
    timezone: timezone ?? null,
  };
}

/** The entity of a plan does not exist, or the caller cannot read it (the same answer: existence is not revealed). */
export const unresolvableEntity = (plan: ScheduledActionPlan) =>
  validationFailed([
    {
      name: 'notResolvable',
      path: ['entity'],
      value: { sys: { type: 'Link', linkType: plan.entityType, id: plan.entityId } },
      details: `The ${plan.entityType.toLowerCase()} ${plan.entityId} does not exist in the environment`,
    },
  ]);
