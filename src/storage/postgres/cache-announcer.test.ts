import { describe, expect, it } from 'vitest';
import { cacheAnnouncer } from './cache-announcer.ts';

/** A send that waits until released, recording what it was given. */
function gatedSend(failures = 0) {
  const sent: string[][] = [];
  let release: () => void = () => {};
  let left = failures;
  const send = (tags: ReadonlySet<string>) =>
    new Promise<void>((resolve, reject) => {
      sent.push([...tags].sort());
      release = () => (left-- > 0 ? reject(new Error('connection lost')) : resolve());
    });
  return { sent, send, release: () => release() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('cache announcer', () => {
  it('sends at once, and what arrives while one is on its way goes out together in the next', async () => {
    const gate = gatedSend();
    const announcer = cacheAnnouncer(gate.send, () => {}, 1000, 0);
    announcer.announce(['content:s1:master']);
    expect(gate.sent).toEqual([['content:s1:master']]);
    announcer.announce(['content:s1:master', 'content:s2:master']);
    announcer.announce(['content:s3:master']);
    expect(gate.sent).toHaveLength(1);
    gate.release();
    await tick();
    expect(gate.sent).toEqual([['content:s1:master'], ['content:s1:master', 'content:s2:master', 'content:s3:master']]);
    gate.release();
    await announcer.settled();
    expect(gate.sent).toHaveLength(2);
  });

  it('sends at most one NOTIFY per minimum interval: what arrives meanwhile waits and goes out together; close sends it at once', async () => {
    const gate = gatedSend();
    const announcer = cacheAnnouncer(gate.send, () => {}, 1000, 3_600_000);
    announcer.announce(['content:s1:master']);
    gate.release();
    await tick();
    announcer.announce(['content:s2:master']);
    announcer.announce(['content:s3:master']);
    await tick();
    expect(gate.sent).toEqual([['content:s1:master']]);
    const closed = announcer.close();
    await tick();
    expect(gate.sent).toEqual([['content:s1:master'], ['content:s2:master', 'content:s3:master']]);
    gate.release();
    await closed;
  });

  it('keeps the tags of a failed send and sends them again', async () => {
    const gate = gatedSend(1);
    const errors: unknown[] = [];
    const announcer = cacheAnnouncer(gate.send, (error) => errors.push(error), 1);
    announcer.announce(['content:s1:master']);
    gate.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toHaveLength(1);
    expect(gate.sent).toEqual([['content:s1:master'], ['content:s1:master']]);
    gate.release();
    await announcer.settled();
  });

  it('does not retry once closed', async () => {
    const gate = gatedSend(1);
    const announcer = cacheAnnouncer(gate.send, () => {}, 1);
    announcer.announce(['content:s1:master']);
    const closed = announcer.close();
    gate.release();
    await closed;
    expect(gate.sent).toHaveLength(1);
  });

  it('sends nothing for no tags', async () => {
    const gate = gatedSend();
    cacheAnnouncer(gate.send, () => {}).announce([]);
    expect(gate.sent).toEqual([]);
  });
});
