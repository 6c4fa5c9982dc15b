import { notFound, validationFailed } from '../../../errors/index.ts';
import type { Storage, WebhookSigningSecretRecord } from '../../../storage/port/index.ts';
import { actorId, type Actor } from '../../shared/actor.ts';

/** The hosted service's rule: exactly 64 characters of the hex and base64 (both alphabets) character sets. */
const SECRET = /^[0-9a-zA-Z+/=_-]{64}$/;

/** The webhook settings of a space: its signing secret (one per space), with which every call of the space is signed. */
export function webhookSettingsService(storage: Storage) {
  const { webhooks } = storage.repos;

  return {
    async getSigningSecret(spaceId: string): Promise<WebhookSigningSecretRecord> {
      return (await webhooks.findSigningSecret(spaceId)) ?? Promise.reject(notFound('WebhookSigningSecret', spaceId));
    },

    async putSigningSecret(
      actor: Actor,
      spaceId: string,
      input: { value?: unknown },
    ): Promise<WebhookSigningSecretRecord> {
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
      return webhooks.putSigningSecret(spaceId, value, actorId(actor));
    },

    async deleteSigningSecret(spaceId: string): Promise<void> {
      if (!(await webhooks.deleteSigningSecret(spaceId))) throw notFound('WebhookSigningSecret', spaceId);
    },
  };
}

export type WebhookSettingsService = ReturnType<typeof webhookSettingsService>;
