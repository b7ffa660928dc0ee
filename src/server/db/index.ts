/**
 * Opens the database and applies the versioned migrations: embedded PGlite in
 * DATA_DIR/pglite by default, a PostgreSQL server when DATABASE_URL is set. Both speak
 * the same schema through Drizzle, so the rest of the server sees one `Database` type.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Settings } from '../config';
import * as schema from './schema';

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Throws when the database does not answer `select 1`. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A throwaway in-memory PGlite (tests); ignored when DATABASE_URL is set. */
  inMemory?: boolean;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** Where connection errors of idle pooled clients go (they must not crash the process). */
  onError?: (error: Error) => void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 482_905_117;

// PGlite must not open one data folder twice in a process (it would corrupt it).
const openPgliteDirs = new Set<string>();

export async function openDatabase(
  settings: Pick<Settings, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const { migrate = true } = options;
  return settings.databaseUrl
    ? openPostgres(settings.databaseUrl, migrate, options.onError)
    : openPglite(options.inMemory ? undefined : path.join(settings.dataDir, 'pglite'), migrate);
}

async function openPglite(dataDir: string | undefined, migrate: boolean): Promise<DatabaseHandle> {
  if (dataDir) {
    if (openPgliteDirs.has(dataDir)) throw new Error(`PGlite data folder ${dataDir} is already open in this process`);
    fs.mkdirSync(dataDir, { recursive: true });
    openPgliteDirs.add(dataDir);
  }
  try {
    if (dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initialisePgliteDir(dataDir);
    const client = await PGlite.create(dataDir ? { dataDir } : {});
    const db = drizzlePglite({ client, schema });
    if (migrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      db,
      kind: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await client.close();
        if (dataDir) openPgliteDirs.delete(dataDir);
      },
    };
  } catch (error) {
    if (dataDir) openPgliteDirs.delete(dataDir);
    throw error;
  }
}

/**
 * A fresh data folder's initdb grows PGlite's WebAssembly memory to about 700 MB, which a
 * process never gives back; done in a worker thread, that memory goes when the thread ends,
 * and the server opens the ready folder for about 250 MB.
 */
async function initialisePgliteDir(dataDir: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const code = `import(${JSON.stringify(pglite)}).then(async ({ PGlite }) => { const client = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)} }); await client.close(); });`;
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(code, { eval: true });
    worker.once('error', reject);
    worker.once('exit', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`PGlite initdb thread exited with ${exitCode}`)),
    );
  });
}

async function openPostgres(url: string, migrate: boolean, onError?: (error: Error) => void): Promise<DatabaseHandle> {
  if (migrate) await migrateWithLock(url);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => onError?.(error));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Runs the migrator on one connection holding an advisory lock (session locks need one connection). */
async function migrateWithLock(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
