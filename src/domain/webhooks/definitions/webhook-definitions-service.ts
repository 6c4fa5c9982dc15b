import { notFound, versionMismatch } from '../../../errors/index.ts';
import { generateId } from '../../../lib/ids.ts';
import type {
  PageRequest,
  Storage,
  WebhookDefinitionOrderKey,
  WebhookDefinitionRecord,
} from '../../../storage/port/index.ts';
import { actorId, type Actor } from '../../shared/actor.ts';
import { parseDefinition, type WebhookDefinitionInput, type WebhookRules } from './webhook-validation.ts';

/**
 * Webhook definitions of a space. Access (the Settings permission) is decided by the authorizer before any call;
 * a body is checked whole before anything is written, so a refused one stores nothing.
 */
export function webhookDefinitionsService(storage: Storage, rules: WebhookRules) {
  const { webhooks } = storage.repos;

  async function insert(
    actor: Actor,
    spaceId: string,
    id: string,
    input: WebhookDefinitionInput,
  ): Promise<WebhookDefinitionRecord | undefined> {
    const definition = parseDefinition(input, rules);
    return webhooks.insert({ spaceId, id, ...definition, createdBy: actorId(actor) });
  }

  async function update(
    actor: Actor,
    spaceId: string,
    id: string,
    input: WebhookDefinitionInput,
    version: number | undefined,
  ) {
    return storage.transaction(async (repos) => {
      const current = await repos.webhooks.find(spaceId, id);
      if (!current) throw notFound('WebhookDefinition', id);
      if (version !== current.version) throw versionMismatch(current.version, version);
      const changes = parseDefinition(input, rules, current);
      return (
        (await repos.webhooks.update(spaceId, id, changes, version, actorId(actor))) ??
        Promise.reject(versionMismatch(current.version, version))
      );
    });
  }

  return {
    async list(spaceId: string, page: PageRequest<WebhookDefinitionOrderKey>) {
      return webhooks.page(spaceId, page);
    },

    async get(spaceId: string, id: string): Promise<WebhookDefinitionRecord> {
      return (await webhooks.find(spaceId, id)) ?? Promise.reject(notFound('WebhookDefinition', id));
    },

    /** Creates a definition with a generated id (version 0). */
    async create(actor: Actor, spaceId: string, input: WebhookDefinitionInput): Promise<WebhookDefinitionRecord> {
      const id = generateId();
      return (
        (await insert(actor, spaceId, id, input)) ??
        Promise.reject(new Error(`generated webhook definition id ${id} collided`))
      );
    },

    /**
     * PUT with an id: creates the definition when the id is free, otherwise replaces it, which needs the current
     * version. Secret header values and the password left out of the body are kept.
     */
    async put(actor: Actor, spaceId: string, id: string, input: WebhookDefinitionInput, version: number | undefined) {
      if (!(await webhooks.find(spaceId, id))) {
        const inserted = await insert(actor, spaceId, id, input);
        if (inserted) return { created: true, definition: inserted };
      }
      return { created: false, definition: await update(actor, spaceId, id, input, version) };
    },

    async delete(spaceId: string, id: string): Promise<void> {
      if (!(await webhooks.delete(spaceId, id))) throw notFound('WebhookDefinition', id);
    },
  };
}

export type WebhookDefinitionsService = ReturnType<typeof webhookDefinitionsService>;
