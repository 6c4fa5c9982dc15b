const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const show = (label: string) => {
  (globalThis as any).gc?.();
  const m = process.memoryUsage();
  console.log(`${label.slice(-40).padEnd(40)} rss ${mb(m.rss)} heapUsed ${mb(m.heapUsed)} heapTotal ${mb(m.heapTotal)} ext ${mb(m.external)} ab ${mb(m.arrayBuffers)}`);
};
async function main() {
  show('start');
  for (const mod of (process.env.MODS ?? '').split(',').filter(Boolean)) {
    await import(mod);
    show(mod);
  }
}
main();
