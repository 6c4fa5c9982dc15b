const mb = (n) => (n / 1024 / 1024).toFixed(0);
const show = (label) => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  console.log(`${label.padEnd(24)} rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`);
};
async function main() {
  show('start');
  const { createTessera } = await import('./.tmp-h3-dist/app.js');
  const { loadConfig } = await import('./.tmp-h3-dist/config.js');
  show('imported');
  const t = await createTessera(loadConfig({ ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/h3_probe', TESSERA_ADMIN_TOKEN: 'x'.repeat(32), LOG_LEVEL: 'warn', NODE_ENV: 'production' }));
  show('created');
  const { port } = await t.listen(0, '127.0.0.1');
  const r = await fetch(`http://127.0.0.1:${port}/users/me`, { headers: { Authorization: `Bearer ${'x'.repeat(32)}` } });
  await r.text();
  show('first request');
  await new Promise((res) => setTimeout(res, 2000));
  show('idle 2s');
  if (process.env.SNAP) { const v8 = await import('node:v8'); console.log(v8.writeHeapSnapshot('/tmp/h3/idle.heapsnapshot')); }
  await t.close();
}
main();
