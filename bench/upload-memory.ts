import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { HttpClient } from './http-client.ts';

export interface UploadFigures {
  megabytes: number;
  seconds: number;
  baselineMb: number;
  peakMb: number;
}

/** Resets VmHWM to the current RSS (Linux: 5 > /proc/<pid>/clear_refs); false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Resident set size now and at its peak since the process started (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** `megabytes` MB of pseudo-random bytes, produced 1 MB at a time (the same random megabyte over and over). */
function body(megabytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent < megabytes ? chunk : null);
      sent += 1;
    },
  });
}

/**
 * Uploads `megabytes` MB as one `application/octet-stream` body to a server process that has done nothing else
 * but start and take one small upload. The peak is VmHWM reset just before the upload (or, where that is not
 * allowed, the highest VmRSS polled every 10 ms); the baseline is the RSS just before.
 */
export async function measureUploadMemory(
  client: HttpClient,
  pid: number,
  spaceId: string,
  megabytes: number,
): Promise<UploadFigures> {
  const path = `/spaces/${spaceId}/uploads`;
  const headers = { 'Content-Type': 'application/octet-stream' };
  await client.expectStatus(201, 'POST', path, {
    body: body(1),
    headers: { ...headers, 'Content-Length': String(1024 * 1024) },
  });
  const reset = resetPeak(pid);
  const baselineMb = memoryOf(pid).rss;
  let polledMb = baselineMb;
  const poll = setInterval(() => {
    polledMb = Math.max(polledMb, memoryOf(pid).rss);
  }, 10);
  const started = performance.now();
  const made = await client
    .expectStatus(201, 'POST', path, {
      body: body(megabytes),
      headers: { ...headers, 'Content-Length': String(megabytes * 1024 * 1024) },
    })
    .finally(() => clearInterval(poll));
  const seconds = (performance.now() - started) / 1000;
  const peakMb = Math.max(polledMb, reset ? memoryOf(pid).hwm : 0);
  await client.expectStatus(204, 'DELETE', `${path}/${made.sys.id}`);
  return { megabytes, seconds, baselineMb, peakMb };
}
