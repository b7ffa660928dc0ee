/**
 * `npm run worker`: a planner process for scale-out. Takes searches from the Redis queue
 * (REDIS_URL), plans them on the region it loaded once at start, stores the journeys in the
 * shared PostgreSQL database (DATABASE_URL) and publishes the events through Redis, where every
 * server instance picks them up for its own sockets.
 */
import { planAll, type Region } from '../planner/index';
import { loadRegionFromManifest } from '../planner/node';
import { loadSettings, SettingsError } from './config';
import { openDatabase } from './db/index';
import { safeError } from './http/log-privacy';
import { realtimeChannel, redisNamespace, startSearchWorker } from './jobs/queue';
import { RedisBroker } from './realtime/redis-broker';
import { checkRegionManifests } from './regions';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`drover worker: ${message}\n`);
  process.exit(1);
}

/** JSON lines on stdout, like the server's logs; errors as log-privacy.ts allows them. */
const line = (level: string) => (details: object, message: string) =>
  process.stdout.write(
    `${JSON.stringify({ level, time: Date.now(), msg: message, ...details, ...('err' in details ? { err: safeError(details.err) } : {}) })}\n`,
  );
const log = { info: line('info'), error: line('error') };

async function main() {
  let settings;
  try {
    settings = loadSettings();
    await checkRegionManifests(settings.regions);
  } catch (error) {
    if (error instanceof SettingsError) fail(error.message);
    throw error;
  }
  const { redisUrl, databaseUrl } = settings;
  if (!redisUrl || !databaseUrl)
    fail('needs REDIS_URL (the job queue) and DATABASE_URL (the PostgreSQL database the servers use).');

  const database = await openDatabase(settings, {
    onError: (error) => log.error({ err: error }, 'database connection error'),
  }).catch((error: Error) => fail(`cannot open the PostgreSQL server in DATABASE_URL: ${error.message}`));
  const namespace = redisNamespace(databaseUrl);
  const broker = new RedisBroker({
    url: redisUrl,
    channel: realtimeChannel(namespace),
    onError: (error) => log.error({ err: error }, 'redis error'),
  });
  const started = Date.now();
  // REGIONS: the same manifests the servers' planner threads load (one after another, to bound memory).
  const regions: Region[] = [];
  for (const manifest of settings.regions) regions.push(await loadRegionFromManifest(manifest));
  log.info({ regions: regions.map((r) => r.name), ms: Date.now() - started }, 'region loaded');

  const worker = startSearchWorker({
    url: redisUrl,
    namespace,
    deps: {
      db: database.db,
      // Fire and forget, as in the server: a Redis hiccup is logged, never thrown into the job.
      publish: (channel, event, data) =>
        void broker
          .publish({ channel, event, data: JSON.stringify(data) })
          .catch((error: unknown) => log.error({ err: error, channel, event }, 'realtime: publish failed')),
      plan: (request, now) => planAll(request, { regions, now }),
      log,
      leaseMs: settings.searchLeaseMs,
    },
  });
  log.info({ namespace }, 'search worker ready');

  const stop = async () => {
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    await worker.close();
    await broker.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
