import { createTessera } from './app.ts';
import { loadConfig } from './config.ts';

/** Process entry: start, print how to reach the server, stop cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const tessera = await createTessera(config);
  const { port } = await tessera.listen();
  const base = `http://localhost:${port}`;
  tessera.logger.info(
    { port, storage: tessera.storage.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
    'Tessera is listening',
  );
  if (tessera.generatedToken) {
    process.stdout.write(
      `\nFirst start: an organization and its owner were created.\nPersonal access token (shown once, keep it):\n\n  ${tessera.generatedToken}\n\nTry: curl -H "Authorization: Bearer ${tessera.generatedToken}" ${base}/users/me\n\n`,
    );
  }
  process.stdout.write(`Tessera listening on ${base} (API reference: ${base}/docs/)\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    tessera.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await tessera.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      tessera.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(`Tessera failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
