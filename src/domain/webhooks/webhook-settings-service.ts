import { notFound, validationFailed } from '../../errors/index.ts';
import type { Storage, WebhookSigningSecretRecord } from '../../storage/port/index.ts';
import type { Actor } from '../shared/actor.ts';
import type { SpacesService } from '../spaces/spaces-service.ts';

/** The hosted service's rule: exactly 64 characters of the hex and base64 (both alphabets) character sets. */
const SECRET = /^[0-9a-zA-Z+/=_-]{64}$/;

/** The webhook settings of a space: its signing secret (one per space), with which every call of the space is signed. */
export function webhookSettingsService(storage: Storage, spaces: SpacesService) {
  const { webhooks } = storage.repos;

  return {
    async getSigningSecret(actor: Actor, spaceId: string): Promise<WebhookSigningSecretRecord> {
      await spaces.access(actor, spaceId);
      return (await webhooks.findSigningSecret(spaceId)) ?? Promise.reject(notFound('WebhookSigningSecret', spaceId));
    },

    async putSigningSecret(
      actor: Actor,
      spaceId: string,
      input: { value?: unknown },
    ): Promise<WebhookSigningSecretRecord> {
      await spaces.access(actor, spaceId);
      const { value } = input;
      if (typeof value !== 'string' || !SECRET.test(value)) {
        throw validationFailed([
          {
            name: 'invalid',
            path: ['value'],
            details: 'The signing secret is exactly 64 characters of 0-9, a-z, A-Z, +, /, =, _ and -.',
          },
        ]);
      }
      return webhooks.putSigningSecret(spaceId, value, actor.user.id);
    },

    async deleteSigningSecret(actor: Actor, spaceId: string): Promise<void> {
      await spaces.access(actor, spaceId);
      if (!(await webhooks.deleteSigningSecret(spaceId))) throw notFound('WebhookSigningSecret', spaceId);
    },
  };
}

export type WebhookSettingsService = ReturnType<typeof webhookSettingsService>;
