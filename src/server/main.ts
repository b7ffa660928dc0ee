/**
 * `npm run serve`: settings -> brands -> database (+ migrations) -> server -> listen.
 * Configuration mistakes end the process with one clear line on stderr and exit code 1.
 */
import type { FastifyInstance } from 'fastify';
import { apiPlugins, createApiContext } from './api/index';
import { buildServer } from './app';
import { BrandConfigError, loadBrands } from './brands/load';
import { loadSettings, SettingsError } from './config';
import { RedisRateLimiter } from './auth/redis-rate-limit';
import { openDatabase } from './db/index';
import { createInProcessSearchJobs } from './jobs/index';
import { lazyMapLayers, manifestAttributions } from './map/layers';
import { mapRoutes } from './map/routes';
import { lazyRegionPacks } from './packs/pack-source';
import { packRoutes } from './packs/routes';
import { QueuedSearchJobs, realtimeChannel, redisNamespace } from './jobs/queue';
import { SearchSweeper } from './jobs/sweeper';
import { startRetention } from './jobs/retention';
import { Gauge, MetricsRegistry } from './http/metrics';
import { createRealtimePlugin } from './realtime';
import { RedisBroker } from './realtime/redis-broker';
import { checkRegionManifests } from './regions';

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`drover: ${message}\n`);
  process.exit(1);
}

async function main() {
  let settings;
  let brands;
  try {
    settings = loadSettings();
    brands = loadBrands(settings.brandsDir, settings.brand);
    await checkRegionManifests(settings.regions);
  } catch (error) {
    if (error instanceof SettingsError || error instanceof BrandConfigError) fail(error.message);
    throw error;
  }

  // Assigned once the server exists; the database error handler logs through it from then on.
  let app: FastifyInstance | undefined = undefined;
  const onDatabaseError = (error: Error) => {
    if (app) app.log.error({ err: error }, 'database connection error');
    else process.stderr.write(`drover: database connection error: ${error.message}\n`);
  };
  let database;
  try {
    database = await openDatabase(settings, { onError: onDatabaseError });
  } catch (error) {
    const where = settings.databaseUrl
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the embedded database in ${settings.dataDir}/pglite`;
    fail(`cannot open ${where}: ${(error as Error).message}`);
  }

  // The Pusher-protocol endpoint accepts the brands' public API keys as its app keys.
  // REDIS_URL: events fan out across instances through Redis pub/sub.
  const namespace = redisNamespace(settings.databaseUrl);
  const broker = settings.redisUrl
    ? new RedisBroker({
        url: settings.redisUrl,
        channel: realtimeChannel(namespace),
        onError: (error) => app?.log.error({ err: error }, 'redis error'),
      })
    : undefined;
  const { plugin: realtimePlugin, realtime } = createRealtimePlugin({
    isKnownAppKey: (key) => brands.byApiKey(key) !== undefined,
    broker,
    allowedOriginHosts: [...brands.brands.values()].flatMap((brand) => brand.hostnames),
  });
  // Account mail logs through the server's logger (the outbox prints each link there).
  const log = {
    info: (details: object, message: string) => void app?.log.info(details, message),
    error: (details: object, message: string) => void app?.log.error(details, message),
  };
  // With REDIS_URL and PostgreSQL, searches queue for `npm run worker` processes. Otherwise planner
  // threads here load the region in the background; the first search waits for them.
  const queued =
    settings.redisUrl && settings.databaseUrl
      ? new QueuedSearchJobs(settings.redisUrl, namespace, (error) =>
          app?.log.error({ err: error }, 'search queue error'),
        )
      : undefined;
  const inProcess = queued
    ? undefined
    : createInProcessSearchJobs({
        db: database.db,
        publish: realtime.publish,
        log,
        manifests: settings.regions,
        threads: settings.plannerThreads,
        leaseMs: settings.searchLeaseMs,
      });
  const search = queued ?? inProcess!.jobs;
  // Accepted searches the queue lost or whose planner died are queued again (jobs/sweeper.ts).
  const sweeper = new SearchSweeper({
    db: database.db,
    queue: search,
    brandOf: (key) => brands.brands.get(key as never),
    log,
    intervalMs: settings.searchSweepMs,
    soleOwner: database.kind === 'pglite',
  });
  // REDIS_URL: every instance counts login, register and reset attempts in one place.
  const rateLimiter = settings.redisUrl
    ? new RedisRateLimiter({
        url: settings.redisUrl,
        namespace,
        onError: (error) => app?.log.error({ err: error }, 'rate limiter: redis error'),
      })
    : undefined;
  const api = createApiContext({
    db: database.db,
    settings,
    log,
    search,
    rateLimiter,
    limits: { searchPerIp: { limit: settings.searchRateLimit, windowMs: 60_000 } },
    searchQueueLimit: settings.searchQueueLimit,
  });
  // The fallback map draws the first region of REGIONS only (its layers and attributions); with
  // several regions the others still plan and answer place search, but are not drawn.
  const [mapRegion] = settings.regions as [string, ...string[]];
  const map = mapRoutes({ layers: lazyMapLayers(mapRegion), attributions: manifestAttributions(mapRegion), log });
  const packs = packRoutes({ packs: lazyRegionPacks(settings.regions), log });
  // /metrics gauges and /readyz checks (issue 33).
  const gauges = new MetricsRegistry();
  gauges.add(
    new Gauge('drover_searches', 'Searches accepted and not finished here, by state.', () => {
      const counts = inProcess?.jobs.counts();
      return counts
        ? [
            { labels: { state: 'waiting' }, value: counts.waiting },
            { labels: { state: 'planning' }, value: counts.planning },
          ]
        : [];
    }),
  );
  gauges.add(
    new Gauge('drover_realtime_connections', 'Open realtime WebSocket connections on this instance.', () => [
      { value: realtime.connectionCount() },
    ]),
  );
  const readiness: Record<string, () => Promise<boolean> | boolean> = {};
  // In process, the planner threads must have loaded the regions; with workers, they load them.
  if (inProcess) readiness.regions = () => inProcess.pool.coverage() !== undefined;
  if (queued) readiness.redis = async () => (await queued.depth(), true);
  app = await buildServer({
    settings,
    brands,
    database,
    realtime: realtimePlugin,
    api: apiPlugins(api),
    map,
    packs,
    gauges,
    readiness,
  });
  const server = app;

  // Searches made without an account are deleted after the period the privacy page states.
  const retention = startRetention(database.db, log);
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => {
      server.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      retention.stop();
      await sweeper.stop();
      await api.outbox.stop();
      await server.close();
      await search.close();
      await broker?.close();
      rateLimiter?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  try {
    await server.listen({ port: settings.port, host: settings.host });
  } catch (error) {
    await database.close();
    fail(`cannot listen on ${settings.host}:${settings.port}: ${(error as Error).message}`);
  }
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  server.log.info(
    { url: `http://localhost:${port}`, brand: brands.defaultBrand.key, database: database.kind },
    `Drover is serving ${brands.defaultBrand.title} (${brands.defaultBrand.key}) at http://localhost:${port}`,
  );
  sweeper.start().catch((error: unknown) => server.log.error({ err: error }, 'search sweeper could not start'));
  // Activation mail a crash or a relay outage left unsent goes out now and every 30 s.
  api.outbox.start((key) => brands.brands.get(key as never));
  // Load the place index now that the port is open, so the first autocomplete does not wait for it.
  api.places.get().catch((error: unknown) => server.log.error({ err: error }, 'place index could not be loaded'));
}

await main();
