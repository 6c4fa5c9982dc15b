import { describe, expect, it } from 'vitest';
import { actorId } from '../../domain/shared/actor.ts';
import { userLink } from './links.ts';

describe('userLink: the author of a record on the wire', () => {
  it('links a user, and an app definition for what an app wrote', () => {
    expect(userLink('u1')).toEqual({ sys: { type: 'Link', linkType: 'User', id: 'u1' } });
    const app = actorId({
      kind: 'appInstallation',
      spaceId: 's',
      environmentId: 'master',
      appDefinitionId: 'app1',
      canWrite: true,
    });
    expect(userLink(app)).toEqual({ sys: { type: 'Link', linkType: 'AppDefinition', id: 'app1' } });
    expect(userLink(null)).toBeUndefined();
  });
});
