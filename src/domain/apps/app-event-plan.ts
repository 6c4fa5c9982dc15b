import type { AppEventKey, AppEventSubscribers, ContentEventRecord } from '../../storage/port/index.ts';
import { needsLocales, type EventPayloadRenderer } from '../webhooks/dispatch/dispatch-match.ts';
import { appEventTopic, type AppEventCall } from './app-event-call.ts';
import { APP_EVENT_TOPICS } from './app-rules.ts';

const SUBSCRIBABLE = new Set(APP_EVENT_TOPICS);

/** The events of a batch an app may subscribe to (Events rule 9: no auto_save), as the subscribers' lookup reads them. */
export const appEventKeys = (events: ContentEventRecord[]): AppEventKey[] =>
  events
    .map((e) => ({
      eventId: e.id,
      spaceId: e.spaceId,
      environmentId: e.environmentId,
      topic: appEventTopic(e.entityType, e.action),
      occurredAt: e.occurredAt,
    }))
    .filter((key) => SUBSCRIBABLE.has(key.topic));

/**
 * The calls a batch of events makes: one per event and app subscribed to it, the body rendered once per event (as
 * webhook bodies are, by the API presenters) and shared by its calls. An event that cannot be rendered is reported
 * and makes no call, so it does not hold up the stream behind it.
 */
export function planAppEvents(
  events: ContentEventRecord[],
  subscribers: AppEventSubscribers,
  render: EventPayloadRenderer,
  onRenderError: (event: ContentEventRecord, error: unknown) => void,
): AppEventCall[] {
  const appsOf = new Map<string, string[]>();
  for (const { eventId, appDefinitionId } of subscribers.matches)
    appsOf.set(eventId, [...(appsOf.get(eventId) ?? []), appDefinitionId]);
  const calls: AppEventCall[] = [];
  for (const event of events) {
    const apps = appsOf.get(event.id);
    if (!apps) continue;
    let body: string;
    try {
      const locales = needsLocales(event)
        ? (subscribers.localeCodes.get(`${event.spaceId}/${event.environmentId}`) ?? [])
        : [];
      body = JSON.stringify(render(event, locales));
    } catch (error) {
      onRenderError(event, error);
      continue;
    }
    for (const appDefinitionId of apps)
      calls.push({
        appDefinitionId,
        spaceId: event.spaceId,
        environmentId: event.environmentId,
        requestedEnvironmentId: event.requestedEnvironmentId,
        eventId: event.id,
        entityType: event.entityType,
        entityId: event.entityId,
        action: event.action,
        eventAt: event.occurredAt.toISOString(),
        scheduledActionId: event.scheduledActionId,
        body,
        attempt: 1,
      });
  }
  return calls;
}
