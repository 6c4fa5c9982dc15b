import type {
  ContentEventRecord,
  DispatchBatch,
  DispatchedEvent,
  EntryRecord,
  NewWebhookEventPayload,
  WebhookDefinitionRecord,
} from '../../../storage/port/index.ts';
import type { DeliveryJobPayload } from '../delivery/delivery-job.ts';
import { matchesFilters } from '../definitions/filter-eval.ts';
import { webhookTopic } from '../delivery/request-headers.ts';
import { matchesTopic } from '../definitions/topic-match.ts';
import { actorLinkOf } from '../../shared/actor.ts';

/** Renders the body of a call from an event (the API presenters, wired by the composition root). */
export type EventPayloadRenderer = (event: ContentEventRecord, localeCodes: string[]) => unknown;

/** What a batch of events makes: each matched event's payload once, and the delivery jobs of its calls. */
export interface DispatchPlan {
  payloads: NewWebhookEventPayload[];
  jobs: DeliveryJobPayload[];
}

/** Calls a delivery job sends at most. */
const CALLS_PER_JOB = 100;

const idLink = (id: string | null | undefined) => (id ? { sys: { id } } : undefined);
/** An author as filters see it: the id of its link (a user's, or an app definition's). */
const authorLink = (id: string | null | undefined) => idLink(id ? actorLinkOf(id).id : id);

/** The properties of the entity that webhook filters read, named as on the wire (the environment as the request named it). */
function filterSys(event: ContentEventRecord) {
  const r = event.entity;
  return {
    id: r.id,
    environment: idLink(event.requestedEnvironmentId),
    ...(event.entityType === 'Entry' ? { contentType: idLink((r as EntryRecord).contentTypeId) } : {}),
    createdBy: authorLink(r.createdBy),
    updatedBy: authorLink(r.updatedBy),
  };
}

/** Entries' and assets' bodies carry `fieldStatus` per locale; deletion stubs and content types do not. */
export const needsLocales = (e: ContentEventRecord) =>
  e.entityType !== 'ContentType' && e.action !== 'unpublish' && e.action !== 'delete';

/** The definitions of an event's space that want it: topic, made before the event, filters. */
function matching(event: ContentEventRecord, definitions: WebhookDefinitionRecord[]): WebhookDefinitionRecord[] {
  let sys: ReturnType<typeof filterSys> | undefined;
  return definitions.filter((definition) => {
    // A webhook is called for what happens after it was made, not for events still waiting when it was.
    if (Date.parse(definition.createdAt) > event.occurredAt.getTime()) return false;
    if (!matchesTopic(definition.topics, event.entityType, event.action)) return false;
    sys ??= filterSys(event);
    return matchesFilters(definition.filters, sys);
  });
}

/**
 * The calls a batch of events makes: one per (event, active definition of its space) whose topics and filters match,
 * the body rendered once per event from the entity as committed; one delivery job per webhook and up to
 * CALLS_PER_JOB of its events, so a busy stream costs a job per batch, not per call. Events no definition subscribes
 * to by topic, and auto_saves coalesced into a newer one, come without their entity and are passed over at once.
 */
export function planDispatch(
  batch: DispatchBatch,
  render: EventPayloadRenderer,
  onRenderError: (event: DispatchedEvent, error: unknown) => void,
): DispatchPlan {
  const bySpace = new Map<string, WebhookDefinitionRecord[]>();
  for (const d of batch.definitions) bySpace.set(d.spaceId, [...(bySpace.get(d.spaceId) ?? []), d]);
  const payloads: NewWebhookEventPayload[] = [];
  const jobs: DeliveryJobPayload[] = [];
  const jobOf = new Map<string, DeliveryJobPayload>();
  for (const candidate of batch.events) {
    if (candidate.entity === undefined) continue;
    const event = candidate as ContentEventRecord;
    const wanted = matching(event, bySpace.get(event.spaceId) ?? []);
    if (wanted.length === 0) continue;
    let body: unknown;
    try {
      body = render(
        event,
        needsLocales(event) ? (batch.localeCodes.get(`${event.spaceId}/${event.environmentId}`) ?? []) : [],
      );
    } catch (error) {
      // One event that cannot be rendered must not hold up the stream behind it: it is reported and makes no call.
      onRenderError(event, error);
      continue;
    }
    payloads.push({
      eventId: event.id,
      spaceId: event.spaceId,
      topic: webhookTopic(event.entityType, event.action),
      entityType: event.entityType,
      entityId: event.entityId,
      environmentId: event.requestedEnvironmentId,
      actorId: event.actorId,
      eventAt: event.occurredAt.toISOString(),
      scheduledActionId: event.scheduledActionId,
      body,
    });
    for (const definition of wanted) {
      const key = `${definition.spaceId}/${definition.id}`;
      let job = jobOf.get(key);
      if (!job || job.eventIds.length >= CALLS_PER_JOB) {
        job = { spaceId: definition.spaceId, webhookId: definition.id, eventIds: [], attempt: 1 };
        jobOf.set(key, job);
        jobs.push(job);
      }
      // Events come in id order: a job's events ascend, as the payload purge expects.
      job.eventIds.push(event.id);
    }
  }
  return { payloads, jobs };
}
