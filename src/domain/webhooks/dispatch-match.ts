import type { ContentEventRecord, EntryRecord, NewWebhookCall, Repositories, WebhookDefinitionRecord } from '../../storage/port/index.ts';
import { generateId } from '../../lib/ids.ts';
import { matchesFilters } from './filter-eval.ts';
import { webhookTopic } from './request-headers.ts';
import { matchesTopic } from './topic-match.ts';

/** Renders the body of a call from an event (the API presenters, wired by the composition root). */
export type EventPayloadRenderer = (event: ContentEventRecord, localeCodes: string[]) => unknown;

const idLink = (id: string | null | undefined) => (id ? { sys: { id } } : undefined);

/** The properties of the entity that webhook filters read, named as on the wire. */
function filterSys(event: ContentEventRecord) {
  const r = event.entity;
  return {
    id: r.id,
    environment: idLink(event.environmentId),
    ...(event.entityType === 'Entry' ? { contentType: idLink((r as EntryRecord).contentTypeId) } : {}),
    createdBy: idLink(r.createdBy),
    updatedBy: idLink(r.updatedBy),
  };
}

/** Entries' and assets' bodies carry `fieldStatus` per locale; deletion stubs and content types do not. */
const needsLocales = (e: ContentEventRecord) => e.entityType !== 'ContentType' && e.action !== 'unpublish' && e.action !== 'delete';

/** Memoised reads of one dispatch transaction. */
function reads(repos: Repositories) {
  const masters = new Map<string, Promise<string>>();
  const codes = new Map<string, Promise<string[]>>();
  return {
    /** What `master` names in the space: the target of its `master` alias, or the environment `master`. */
    master: (spaceId: string) => {
      if (!masters.has(spaceId)) masters.set(spaceId, repos.environments.findAlias(spaceId, 'master').then((a) => a?.environmentId ?? 'master'));
      return masters.get(spaceId)!;
    },
    localeCodes: (spaceId: string, environmentId: string) => {
      const key = `${spaceId}/${environmentId}`;
      if (!codes.has(key)) codes.set(key, repos.locales.list(spaceId, environmentId).then((ls) => ls.map((l) => l.code)));
      return codes.get(key)!;
    },
  };
}

/**
 * The calls a batch of events makes: one per (event, active definition of its space) whose topics and filters match,
 * each with the body rendered once per event from the entity as committed.
 */
export async function callsFor(
  repos: Repositories, events: ContentEventRecord[], render: EventPayloadRenderer, onRenderError: (event: ContentEventRecord, error: unknown) => void,
): Promise<NewWebhookCall[]> {
  if (events.length === 0) return [];
  const definitions = await repos.webhooks.activeForSpaces([...new Set(events.map((e) => e.spaceId))]);
  if (definitions.length === 0) return [];
  const bySpace = new Map<string, WebhookDefinitionRecord[]>();
  for (const d of definitions) bySpace.set(d.spaceId, [...(bySpace.get(d.spaceId) ?? []), d]);
  const read = reads(repos);
  const calls: NewWebhookCall[] = [];
  for (const event of events) {
    let payload: unknown;
    let sys: ReturnType<typeof filterSys> | undefined;
    for (const definition of bySpace.get(event.spaceId) ?? []) {
      // A webhook is called for what happens after it was made, not for events still waiting when it was.
      if (Date.parse(definition.createdAt) > event.occurredAt.getTime()) continue;
      if (!matchesTopic(definition.topics, event.entityType, event.action)) continue;
      sys ??= filterSys(event);
      const masterEnvironmentId = definition.filters === null ? await read.master(event.spaceId) : '';
      if (!matchesFilters(definition.filters, sys, { masterEnvironmentId })) continue;
      try {
        payload ??= render(event, needsLocales(event) ? await read.localeCodes(event.spaceId, event.environmentId) : []);
      } catch (error) {
        // One event that cannot be rendered must not hold up the stream behind it: it is reported and makes no call.
        onRenderError(event, error);
        break;
      }
      calls.push({
        spaceId: event.spaceId, id: generateId(), webhookId: definition.id, eventId: event.id, attempt: 1,
        topic: webhookTopic(event.entityType, event.action), entityType: event.entityType, entityId: event.entityId,
        environmentId: event.environmentId, actorId: event.actorId, eventAt: event.occurredAt.toISOString(), payload,
      });
    }
  }
  return calls;
}
