import { buildApp } from './app.ts';
import { loadEnv, resolveDataDir } from './env.ts';

async function main() {
  let env;
  try {
    env = resolveDataDir(loadEnv());
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const app = await buildApp({ env, logger: { level: env.LOG_LEVEL } });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests and the delivery in flight
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.PAYMENTS_HOST, port: env.PAYMENTS_PORT });
  app.log.info(`sandbox payment host: ${env.PAYMENTS_PUBLIC_URL}, notifications to ${env.PAYMENTS_NOTIFY_URL}, data in ${env.PAYMENTS_DATA_DIR}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
