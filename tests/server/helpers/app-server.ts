/**
 * Test harness: a tiny fake dist/, the real brands, a throwaway database (in-memory
 * PGlite, or a fresh PostgreSQL database when DATABASE_URL is set) and the real server
 * listening on a free port.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { buildServer } from '../../../src/server/app';
import { loadBrands, type BrandRegistry } from '../../../src/server/brands/load';
import { REPO_ROOT } from '../../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/index';

export const ASSET_NAME = 'index-abc123.js';

export function makeFakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drover-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en-GB"><head><!--brand-head--></head><body><div id="root"></div><!--brand-config--><script type="module" src="/assets/index-abc123.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', ASSET_NAME), 'console.log("app");');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
  return dir;
}

export function realBrands(defaultKey = 'regional'): BrandRegistry {
  return loadBrands(path.join(REPO_ROOT, 'brands'), defaultKey);
}

/** A fresh PostgreSQL database next to DATABASE_URL's, dropped by `drop()`. */
export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `drover_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** In-memory PGlite, or a throwaway PostgreSQL database when DATABASE_URL is set. */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; dispose: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: os.tmpdir() }, { inMemory: true });
    return { database, dispose: () => database.close() };
  }
  const temp = await createPostgresDatabase(base);
  const database = await openDatabase({ databaseUrl: temp.url, dataDir: os.tmpdir() });
  return {
    database,
    dispose: async () => {
      await database.close();
      await temp.drop();
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  port: number;
  brands: BrandRegistry;
  distDir: string;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export async function startTestServer(
  options: {
    api?: FastifyPluginAsync[];
    realtime?: FastifyPluginAsync;
    map?: FastifyPluginAsync;
    packs?: FastifyPluginAsync;
    trustProxy?: boolean;
  } = {},
): Promise<TestServer> {
  const distDir = makeFakeDist();
  const brands = realBrands();
  const { database, dispose } = await openTestDatabase();
  const app = await buildServer({
    settings: { distDir, logLevel: 'silent', requestTimeoutMs: 60_000, trustProxy: options.trustProxy ?? false },
    brands,
    database,
    logger: false,
    api: options.api,
    realtime: options.realtime,
    map: options.map,
    packs: options.packs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    app,
    port: address.port,
    brands,
    distDir,
    database,
    close: async () => {
      await app.close();
      await dispose();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = unknown>(): T;
}

/** Plain node:http so tests can set Host (fetch forbids it). */
export function request(
  port: number,
  method: string,
  pathname: string,
  { headers = {}, body, from }: { headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    // `from`: another loopback address (127.0.0.2...) as the client's IP.
    const req = http.request(
      { host: '127.0.0.1', port, method, path: pathname, headers, ...(from ? { localAddress: from } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: <T>() => JSON.parse(text) as T });
        });
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
