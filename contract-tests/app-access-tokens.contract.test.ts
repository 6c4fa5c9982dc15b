import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityService } from '../src/domain/identity/identity-service.ts';
import { DB_KINDS } from './support/databases.ts';
import { useServer } from './support/harness.ts';
import { ownOrganization } from './support/member-fixtures.ts';

/** A JWT as the official toolkit signs it: RS256, `iss` the app, `exp` ten minutes ahead (unless `options` say else). */
const appJwt = (privateKey: string, appId: string, options: jwt.SignOptions = {}) =>
  jwt.sign({}, privateKey, { algorithm: 'RS256', issuer: appId, expiresIn: '10m', ...options });

for (const kind of DB_KINDS) {
  describe(`${kind}: app access tokens`, () => {
    const api = useServer(kind);
    const version = (v: number) => ({ headers: { [`${api().vendorPrefix}-Version`]: String(v) } });

    /** An app with a generated key, installed in the master environment of a new space with an article type. */
    async function installedApp() {
      const org = await ownOrganization(api());
      const app = await api().post(`/organizations/${org}/app_definitions`, { name: 'Writer', locations: [] });
      const appId = app.body.sys.id as string;
      const key = await api().post(`/organizations/${org}/app_definitions/${appId}/keys`, { generate: true });
      expect(key.status, key.text).toBe(201);
      const space = (await api().post('/spaces', { name: 'App space' })).body.sys.id as string;
      const m = `/spaces/${space}/environments/master`;
      const type = await api().put(`${m}/content_types/article`, {
        name: 'Article',
        fields: [{ id: 'title', name: 'Title', type: 'Symbol' }],
      });
      await api().put(`${m}/content_types/article/published`, undefined, version(type.body.sys.version));
      const installed = await api().put(`${m}/app_installations/${appId}`, { parameters: { region: 'eu' } });
      expect(installed.status, installed.text).toBe(201);
      const tokens = `${m}/app_installations/${appId}/access_tokens`;
      return { org, appId, space, m, tokens, privateKey: key.body.generated.privateKey as string };
    }

    const issue = (path: string, token: string) => api().request('POST', path, { token });

    it('issues a 10-minute token for a JWT signed by a key of the app; the app writes content as itself', async () => {
      const { appId, space, m, tokens, privateKey } = await installedApp();
      const res = await issue(tokens, appJwt(privateKey, appId));
      expect(res.status, res.text).toBe(201);
      const expiresIn = Date.parse(res.body.sys.expiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(9 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
      expect(res.body.sys).toMatchObject({
        type: 'AppAccessToken',
        space: { sys: { id: space } },
        environment: { sys: { id: 'master' } },
        appDefinition: { sys: { linkType: 'AppDefinition', id: appId } },
      });
      const token = res.body.token as string;
      const headers = { [`${api().vendorPrefix}-Content-Type`]: 'article' };
      const entry = await api().post(
        `${m}/entries`,
        { fields: { title: { 'en-US': 'By an app' } } },
        { headers, token },
      );
      expect(entry.status, entry.text).toBe(201);
      const author = { sys: { type: 'Link', linkType: 'AppDefinition', id: appId } };
      expect(entry.body.sys.createdBy).toEqual(author);
      const published = await api().request('PUT', `${m}/entries/${entry.body.sys.id}/published`, {
        ...version(entry.body.sys.version),
        token,
      });
      expect(published.status, published.text).toBe(200);
      expect(published.body.sys.publishedBy).toEqual(author);
      // As the space's users read it, and in the event stream (whose webhook bodies the same presenters render).
      expect((await api().get(`${m}/entries/${entry.body.sys.id}`)).body.sys.updatedBy).toEqual(author);
      const events = await api().tessera.storage.repos.events.listForSpace(space);
      const mine = events.filter((e) => e.entityId === entry.body.sys.id);
      expect(mine.map((e) => [e.action, e.actorId])).toEqual([
        ['create', `AppDefinition:${appId}`],
        ['publish', `AppDefinition:${appId}`],
      ]);
      const ownInstallation = await api().get(`${m}/app_installations/${appId}`, { token });
      expect(ownInstallation.status).toBe(200);
      expect(ownInstallation.body.parameters).toEqual({ region: 'eu' });
      expect((await api().get(`${m}/content_types`, { token })).status).toBe(200);
      expect((await api().get(`/spaces/${space}/content_types`, { token })).status).toBe(200);
    });

    it('allows nothing else: other environments, spaces, settings, organizations and other installations', async () => {
      const { org, appId, space, m, tokens, privateKey } = await installedApp();
      const token = (await issue(tokens, appJwt(privateKey, appId))).body.token as string;
      const staging = await api().put(`/spaces/${space}/environments/staging`, { name: 'Staging' });
      expect(staging.status).toBe(201);
      const other = (await api().post('/spaces', { name: 'Elsewhere' })).body.sys.id;
      const refusals: Array<[string, number]> = [
        [`/spaces/${space}/environments/staging/entries`, 403],
        [`/spaces/${other}/environments/master/entries`, 404],
        [`${m}/locales`, 403],
        [`/spaces/${space}/api_keys`, 403],
        [`/spaces/${space}/webhook_definitions`, 403],
        [`/spaces/${space}/roles`, 403],
        [`${m}/app_installations`, 403],
        [`/organizations/${org}/app_definitions`, 403],
        ['/users/me', 403],
        ['/spaces', 403],
      ];
      for (const [path, status] of refusals) {
        const res = await api().get(path, { token });
        expect(res.status, `${path}: ${res.text}`).toBe(status);
      }
      const second = await api().post(`/organizations/${org}/app_definitions`, { name: 'Other' });
      await api().put(`${m}/app_installations/${second.body.sys.id}`, {});
      expect((await api().get(`${m}/app_installations/${second.body.sys.id}`, { token })).status).toBe(403);
      expect((await api().delete(`${m}/app_installations/${appId}`, { token })).status).toBe(403);
    });

    it('refuses JWTs of another algorithm, key, issuer or lifetime, uninstalled apps and personal tokens', async () => {
      const { org, appId, space, tokens, privateKey } = await installedApp();
      const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string;
      const otherApp = await api().post(`/organizations/${org}/app_definitions`, { name: 'Other app' });
      const otherId = otherApp.body.sys.id as string;
      const otherKey = await api().post(`/organizations/${org}/app_definitions/${otherId}/keys`, { generate: true });
      const refused: Array<[string, string]> = [
        ['HS256', jwt.sign({}, 'shared-secret', { algorithm: 'HS256', issuer: appId, expiresIn: '10m' })],
        ['a key of no app', appJwt(stranger, appId)],
        ["another app's key", appJwt(otherKey.body.generated.privateKey, appId)],
        ['another issuer', appJwt(privateKey, otherId)],
        ['an hour ahead', appJwt(privateKey, appId, { expiresIn: '1h' })],
        [
          'expired',
          jwt.sign({ exp: Math.floor(Date.now() / 1000) - 120 }, privateKey, { algorithm: 'RS256', issuer: appId }),
        ],
        ['no exp', jwt.sign({}, privateKey, { algorithm: 'RS256', issuer: appId })],
        ['an unknown kid', appJwt(privateKey, appId, { keyid: 'not-a-key' })],
      ];
      for (const [why, token] of refused) {
        const res = await issue(tokens, token);
        expect(res.status, `${why}: ${res.text}`).toBe(401);
        expect(res.body.sys.id).toBe('AccessTokenInvalid');
      }
      const notInstalled = `/spaces/${space}/environments/master/app_installations/${otherId}/access_tokens`;
      expect((await issue(notInstalled, appJwt(otherKey.body.generated.privateKey, otherId))).status).toBe(404);
      const personal = await api().request('POST', tokens);
      expect(personal.status, personal.text).toBe(403);
      // A JWT is no access token anywhere else.
      expect(
        (await api().get(`/spaces/${space}/environments/master/entries`, { token: appJwt(privateKey, appId) })).status,
      ).toBe(401);
    });

    it('stops honouring the tokens of an installation once the app is uninstalled or deleted', async () => {
      const { org, appId, m, tokens, privateKey } = await installedApp();
      const token = (await issue(tokens, appJwt(privateKey, appId))).body.token as string;
      expect((await api().get(`${m}/entries`, { token })).status).toBe(200);
      expect((await api().delete(`${m}/app_installations/${appId}`)).status).toBe(204);
      expect((await api().get(`${m}/entries`, { token })).status).toBe(401);
      await api().put(`${m}/app_installations/${appId}`, {});
      const again = (await issue(tokens, appJwt(privateKey, appId))).body.token as string;
      expect((await api().get(`${m}/entries`, { token: again })).status).toBe(200);
      expect((await api().delete(`/organizations/${org}/app_definitions/${appId}`)).status).toBe(204);
      expect((await api().get(`${m}/entries`, { token: again })).status).toBe(401);
    });

    it('honours a token for 10 minutes and not after (the server as it is then)', async () => {
      const { appId, tokens, privateKey } = await installedApp();
      const token = (await issue(tokens, appJwt(privateKey, appId))).body.token as string;
      const at = (minutes: number) =>
        identityService(api().tessera.storage, () => new Date(Date.now() + minutes * 60_000));
      expect(await at(9).authenticate(token)).toMatchObject({ kind: 'appInstallation', appDefinitionId: appId });
      await expect(at(11).authenticate(token)).rejects.toMatchObject({ id: 'AccessTokenInvalid' });
    });
  });
}
