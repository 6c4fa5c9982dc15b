import type { TopicForm } from '../../../storage/port/index.ts';

/** The entity types whose events webhooks subscribe to, and the actions each has (management-api.md "Events"). */
export const TOPIC_ACTIONS = {
  ContentType: ['create', 'save', 'publish', 'unpublish', 'delete'],
  Entry: ['create', 'save', 'auto_save', 'archive', 'unarchive', 'publish', 'unpublish', 'delete'],
  Asset: ['create', 'save', 'auto_save', 'archive', 'unarchive', 'publish', 'unpublish', 'delete'],
} as const satisfies Record<string, readonly string[]>;

export type TopicEntityType = keyof typeof TOPIC_ACTIONS;

const TYPES = Object.keys(TOPIC_ACTIONS) as TopicEntityType[];
const ANY_ACTION = new Set<string>(TYPES.flatMap((type) => TOPIC_ACTIONS[type]));

const actionsOf = (type: string): ReadonlySet<string> | undefined =>
  type === '*'
    ? ANY_ACTION
    : Object.hasOwn(TOPIC_ACTIONS, type)
      ? new Set<string>(TOPIC_ACTIONS[type as TopicEntityType])
      : undefined;

/**
 * Why a topic is not `<Type>.<action>` (the type one of ContentType, Entry, Asset or `*`; the action one the type
 * has, or `*`), or undefined when it is. `*.<action>` needs an action some type has; `*.*` is always valid.
 */
export function topicProblem(topic: string): string | undefined {
  const parts = topic.split('.');
  if (parts.length !== 2) return `"${topic}" is not <Type>.<action>.`;
  const [type, action] = parts;
  const actions = actionsOf(type);
  if (!actions) return `"${type}" is not a topic type (${[...TYPES, '*'].join(', ')}).`;
  if (action !== '*' && !actions.has(action)) {
    return `"${action}" is not an action of ${type === '*' ? 'any type' : type} (${[...actions, '*'].join(', ')}).`;
  }
  return undefined;
}

/**
 * The topics that subscribe to an event, as forms of its type and action: the event's own, or `*` for either or both.
 * The one definition of topic matching: `matchesTopic` and the dispatch claim's SQL prefilter are built from it.
 */
export const SUBSCRIBING_FORMS: readonly TopicForm[] = [
  ['type', 'action'],
  ['type', '*'],
  ['*', 'action'],
  ['*', '*'],
];

/** The topics that subscribe to an event of `entityType` and `action` (`SUBSCRIBING_FORMS`). */
export const subscribingTopics = (entityType: string, action: string): string[] =>
  SUBSCRIBING_FORMS.map(([type, act]) => `${type === 'type' ? entityType : '*'}.${act === 'action' ? action : '*'}`);

/** Whether one of the topics subscribes to the event. */
export function matchesTopic(topics: readonly string[], entityType: string, action: string): boolean {
  const subscribing = subscribingTopics(entityType, action);
  return topics.some((topic) => subscribing.includes(topic));
}
