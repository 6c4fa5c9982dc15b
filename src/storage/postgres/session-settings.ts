/**
 * The transaction- and session-local settings through which Tessera's connections tell the database triggers what a
 * write is. The migrations that created those triggers spell each name in their own SQL (a migration never changes);
 * these are the names the runtime sets, and they must stay equal to the migrations' literals.
 */

/** Set for every connection of this process: it announces its entry and asset writes after commit (see 0015). */
export const ANNOUNCES_CONTENT = 'tessera.announces_content';

/** Read by the content event triggers (set through `repos.events.describeTransaction`; see 0026). */
export const EVENT_SETTINGS = {
  off: 'tessera.events',
  action: 'tessera.event_action',
  actor: 'tessera.actor',
} as const;

/** The environment id the request named, when it is an alias (see 0029). */
export const REQUESTED_ENVIRONMENT_SETTING = 'tessera.requested_environment';

/** Set by an environment copy so the entry value triggers do not compute the copied rows' values again (see 0007). */
export const ENVIRONMENT_COPY_SETTING = 'tessera.environment_copy';
