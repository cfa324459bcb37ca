import { ConfigError, loadConfig } from './config';
import { GRACE_MS, stopGracefully } from './modules/health';
import { openStore } from './open-store';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app, db } = await openStore(config);

  // SIGTERM (systemd, Docker, Kubernetes, a deploy script): stop taking requests, let those in flight finish for
  // up to ten seconds, stop the background work (closing the app does), close the database, and leave with 0,
  // since this stop was asked for.
  let stopping = false;
  const shutdown = async (signal: string) => {
    // A second signal (Ctrl-C again) means now.
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'stopping: finishing requests in flight');
    // Whatever hangs below (a database that no longer answers), the process still ends.
    setTimeout(() => {
      app.log.error('stop took too long: leaving anyway');
      process.exit(1);
    }, GRACE_MS + 5_000).unref();
    const outcome = await stopGracefully(app, GRACE_MS);
    if (outcome === 'cut') app.log.warn({ graceMs: GRACE_MS }, 'requests still running at the deadline were cut');
    await db.destroy();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`store open at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
