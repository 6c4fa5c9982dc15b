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

/** Whether one of the topics subscribes to the event: `*` stands for any type or any action. */
export function matchesTopic(topics: readonly string[], entityType: string, action: string): boolean {
  return topics.some((topic) => {
    const dot = topic.indexOf('.');
    const type = topic.slice(0, dot);
    const wanted = topic.slice(dot + 1);
    return dot > 0 && (type === '*' || type === entityType) && (wanted === '*' || wanted === action);
  });
}
