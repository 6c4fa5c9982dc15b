import type pg from 'pg';
import type { HttpClient } from './http-client.ts';

export interface CloneFigures {
  entities: number;
  seconds: number;
  entitiesPerSecond: number;
}

/** Entities of an environment: what a client sees as its content (index rows such as links and search values not counted). */
export async function countEntities(db: pg.ClientBase, spaceId: string, environmentId: string): Promise<number> {
  const { rows } = await db.query(
    `select
    (select count(*) from entries where space_id = $1 and environment_id = $2) + (select count(*) from assets where space_id = $1 and environment_id = $2)
    + (select count(*) from content_types where space_id = $1 and environment_id = $2) + (select count(*) from editor_interfaces where space_id = $1 and environment_id = $2)
    + (select count(*) from locales where space_id = $1 and environment_id = $2) + (select count(*) from tags where space_id = $1 and environment_id = $2)
    + (select count(*) from extensions where space_id = $1 and environment_id = $2) as n`,
    [spaceId, environmentId],
  );
  return Number(rows[0].n);
}

/** Clones master into a new environment: from `PUT .../environments/{id}` to the first GET that says ready. */
export async function measureClone(
  client: HttpClient,
  db: pg.ClientBase,
  spaceId: string,
  environmentId: string,
  timeoutSeconds: number,
): Promise<CloneFigures> {
  const entities = await countEntities(db, spaceId, 'master');
  const path = `/spaces/${spaceId}/environments/${environmentId}`;
  const started = performance.now();
  await client.expectStatus(201, 'PUT', path, {
    json: { name: environmentId },
    headers: { 'X-Service-Source-Environment': 'master' },
  });
  for (;;) {
    const environment = await client.expectStatus(200, 'GET', path);
    const status = environment.sys.status?.sys?.id;
    if (status === 'ready') break;
    if (status === 'failed') throw new Error(`the clone failed: ${JSON.stringify(environment.sys)}`);
    if (performance.now() - started > timeoutSeconds * 1000)
      throw new Error(`the clone was not ready after ${timeoutSeconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const copied = await countEntities(db, spaceId, environmentId);
  if (copied !== entities) throw new Error(`the clone has ${copied} entities, master ${entities}`);
  return { entities, seconds, entitiesPerSecond: entities / seconds };
}
