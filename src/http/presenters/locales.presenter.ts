import { toSecondsIso } from '../../lib/time.ts';
import type { LocaleView } from '../../domain/locales/locales-service.ts';
import { link, userLink } from './links.ts';

/** `sys.environment` names the environment as the client did: an alias id stays an alias id. */
export const presentLocale = ({ locale: l, environmentId }: LocaleView) => ({
  name: l.name,
  code: l.code,
  internal_code: l.code,
  fallbackCode: l.fallbackCode,
  default: l.default,
  contentManagementApi: l.contentManagementApi,
  contentDeliveryApi: l.contentDeliveryApi,
  optional: l.optional,
  sys: {
    type: 'Locale',
    id: l.id,
    version: l.version,
    space: link('Space', l.spaceId),
    environment: link('Environment', environmentId),
    createdBy: userLink(l.createdBy),
    createdAt: toSecondsIso(l.createdAt),
    updatedBy: userLink(l.updatedBy),
    updatedAt: toSecondsIso(l.updatedAt),
  },
});
