import { describe, expect, it } from 'vitest';
import { withStartupOption } from './database.ts';

const OPTION = '-c tessera.announces_content=on';

describe('withStartupOption: a setting every pool connection carries from its start', () => {
  it("is added to a URL's query, which keeps its other parameters", () => {
    const { connectionString, options } = withStartupOption(
      'postgresql://u:p%40ss@db.example.com:6543/my%20db?sslmode=require&application_name=x',
      OPTION,
    );
    const url = new URL(connectionString);
    expect(options).toBeUndefined();
    expect(url.searchParams.get('options')).toBe(OPTION);
    expect(url.searchParams.get('sslmode')).toBe('require');
    expect(url.searchParams.get('application_name')).toBe('x');
    expect(`${url.username}:${url.password}@${url.host}${url.pathname}`).toBe('u:p%40ss@db.example.com:6543/my%20db');
  });

  it("comes after the URL's own options, which stay in force", () => {
    const { connectionString } = withStartupOption(
      `postgres://u@h/db?options=${encodeURIComponent('-c search_path=foo')}`,
      OPTION,
    );
    expect(new URL(connectionString).searchParams.get('options')).toBe(`-c search_path=foo ${OPTION}`);
  });

  it('goes beside a connection string that is not a URL, which is left as it is', () => {
    expect(withStartupOption('postgres://user@/dbname?host=/var/run/postgresql', OPTION)).toEqual({
      connectionString: 'postgres://user@/dbname?host=/var/run/postgresql',
      options: OPTION,
    });
  });
});
