/**
 * Server settings, read once from the environment and validated, so a typo in a
 * deployment fails at start with the variable's name instead of misbehaving later.
 * SETTINGS is the documentation table (README renders it); keep the two in step.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root (src/server/config.ts -> ../..), for the default folders. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface SettingDoc {
  name: string;
  default: string;
  description: string;
}

export const SETTINGS: readonly SettingDoc[] = [
  {
    name: 'PORT',
    default: '8080',
    description: 'TCP port for the web app, the API (/v1) and the realtime socket. 0 picks a free port.',
  },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to listen on (127.0.0.1 to keep it local).' },
  {
    name: 'BRAND',
    default: 'regional',
    description: 'Brand served to hostnames no brand claims: the key (folder name) of a brand in BRANDS_DIR.',
  },
  {
    name: 'BRANDS_DIR',
    default: '<repo>/brands',
    description: 'Folder with default.json and one <key>/brand.json per brand.',
  },
  {
    name: 'DIST_DIR',
    default: '<repo>/dist',
    description: 'The built web app (npm run build) served on the same port.',
  },
  {
    name: 'DATA_DIR',
    default: '<repo>/var',
    description: 'Writable data folder; the embedded PGlite database lives in DATA_DIR/pglite.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'postgres:// URL of a PostgreSQL server; when unset the embedded PGlite database is used.',
  },
  {
    name: 'REDIS_URL',
    default: '(unset)',
    description: 'redis:// URL; when set, realtime events and search jobs fan out across instances through Redis.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: 'fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on stdout.',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '60000',
    description: 'Requests and idle connections are cut after this many milliseconds (SPEC: 60 s).',
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://{host}:<PORT>',
    description:
      "Base of the links in e-mails (activation, password reset). {host} becomes the calling brand's first hostname, e.g. https://{host} or https://journeys.example.org.",
  },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description:
      'smtp:// or smtps:// URL (with user:password@ if needed) to send mail through; unset writes each mail to DATA_DIR/outbox/<time>-<to>.json and logs that it did (never the address or the link).',
  },
  {
    name: 'MAIL_FROM',
    default: 'no-reply@drover.localhost',
    description: "Sender address of account e-mails; the calling brand's title is its display name.",
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true behind a reverse proxy, so client IPs and protocol come from X-Forwarded-* headers.',
  },
  {
    name: 'SEARCH_LEASE_SECONDS',
    default: '30',
    description:
      'A planner holds a search it plans for this long, renewing it as it works; a search whose planner died (kill -9, lost worker) is planned again once its lease runs out.',
  },
  {
    name: 'SEARCH_SWEEP_SECONDS',
    default: '15',
    description:
      'At start and this often, searches the API accepted that are still pending (the queue lost them, e.g. Redis restarted) or running under a lapsed lease are queued again.',
  },
  {
    name: 'SEARCH_RATE_LIMIT',
    default: '30',
    description: 'Searches (and return-time re-plans) one IP may start per minute; more get 429 with Retry-After.',
  },
  {
    name: 'SEARCH_QUEUE_LIMIT',
    default: '500',
    description:
      'Searches waiting or being planned at most (in this process, or in the Redis queue); past it new searches get 429 with Retry-After instead of waiting in line.',
  },
  {
    name: 'PLANNER_THREADS',
    default: 'the number of cores',
    description:
      'Planner threads in the server when there is no Redis queue (PGlite, or PostgreSQL without REDIS_URL). Each plans one search at a time; the threads share one copy of the regions, so each adds only its own working memory (about 50-60 MB).',
  },
  {
    name: 'REGIONS',
    default: '<repo>/data/regions/tayside.json,<repo>/data/regions/north-east.json',
    description:
      'Comma-separated region manifests: the planner threads and workers plan on them, place search answers from their snapshots, the fallback map draws the first.',
  },
];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const folder = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => path.resolve(REPO_ROOT, value ?? fallback));

const urlWithScheme = (schemes: string[]) =>
  z
    .string()
    .refine((value) => schemes.some((scheme) => value.startsWith(`${scheme}://`)) && URL.canParse(value), {
      message: `must be a URL starting with ${schemes.map((scheme) => `${scheme}://`).join(' or ')}`,
    })
    .optional();

const booleanFlag = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined) return false;
    const normal = value.toLowerCase();
    if (['true', '1', 'yes'].includes(normal)) return true;
    if (['false', '0', 'no'].includes(normal)) return false;
    context.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return fallback;
      const number = Number(value);
      if (!/^\d+$/.test(value) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return number;
    });

/** A comma-separated list of region manifest files, each resolved against the repository and readable. */
const manifestList = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value, context) => {
      const files = (value ?? fallback)
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
        .map((item) => path.resolve(REPO_ROOT, item));
      if (files.length === 0) {
        context.addIssue({ code: 'custom', message: 'must name at least one region manifest' });
        return z.NEVER;
      }
      for (const file of files) {
        try {
          fs.accessSync(file, fs.constants.R_OK);
          if (!fs.statSync(file).isFile()) throw new Error('not a file');
        } catch {
          context.addIssue({ code: 'custom', message: `cannot read the region manifest ${file}` });
          return z.NEVER;
        }
      }
      return [...new Set(files)];
    });

const envSchema = z.object({
  PORT: integer(8080, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  // The brand registry checks the key against the brand list with a clearer message.
  BRAND: z.string().default('regional'),
  BRANDS_DIR: folder('brands'),
  DIST_DIR: folder('dist'),
  DATA_DIR: folder('var'),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']),
  REDIS_URL: urlWithScheme(['redis', 'rediss']),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  REQUEST_TIMEOUT_MS: integer(60_000, 1_000, 3_600_000),
  TRUST_PROXY: booleanFlag,
  PUBLIC_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value.replaceAll('{host}', 'example.org')), {
      message: 'must be a URL starting with http:// or https:// ({host} allowed)',
    })
    .optional(),
  SMTP_URL: urlWithScheme(['smtp', 'smtps']),
  MAIL_FROM: z.email({ message: 'must be an e-mail address' }).default('no-reply@drover.localhost'),
  REGIONS: manifestList('data/regions/tayside.json,data/regions/north-east.json'),
  SEARCH_LEASE_SECONDS: integer(30, 2, 3600),
  SEARCH_SWEEP_SECONDS: integer(15, 1, 3600),
  SEARCH_RATE_LIMIT: integer(30, 1, 1_000_000),
  SEARCH_QUEUE_LIMIT: integer(500, 1, 1_000_000),
  PLANNER_THREADS: integer(os.availableParallelism(), 1, 256),
});

export interface Settings {
  port: number;
  host: string;
  brand: string;
  brandsDir: string;
  distDir: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: LogLevel;
  requestTimeoutMs: number;
  trustProxy: boolean;
  /** Base URL of links in e-mails; `{host}` is replaced with the brand's hostname. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Absolute paths of the region manifests (at least one; the first is the fallback map's). */
  regions: string[];
  searchLeaseMs: number;
  searchSweepMs: number;
  /** Searches per IP per minute. */
  searchRateLimit: number;
  /** Searches waiting or being planned at most. */
  searchQueueLimit: number;
  /** Planner threads in process (default: the cores). */
  plannerThreads: number;
}

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** Reads the settings from `env` (process.env by default). Empty values count as unset. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const raw: Record<string, string | undefined> = {};
  for (const { name } of SETTINGS) {
    const value = env[name]?.trim();
    raw[name] = value === '' ? undefined : value;
  }
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      // Echo the bad value except for URLs, which may carry passwords.
      const shown = name.endsWith('_URL') ? '' : ` (got "${raw[name] ?? ''}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new SettingsError(`Invalid settings in the environment:\n${lines.join('\n')}`);
  }
  const s = result.data;
  return {
    port: s.PORT,
    host: s.HOST,
    brand: s.BRAND,
    brandsDir: s.BRANDS_DIR,
    distDir: s.DIST_DIR,
    dataDir: s.DATA_DIR,
    databaseUrl: s.DATABASE_URL,
    redisUrl: s.REDIS_URL,
    logLevel: s.LOG_LEVEL,
    requestTimeoutMs: s.REQUEST_TIMEOUT_MS,
    trustProxy: s.TRUST_PROXY,
    // PORT 0 (a free port) cannot be known here; links then use the default port.
    publicUrl: (s.PUBLIC_URL ?? (s.PORT === 0 || s.PORT === 80 ? 'http://{host}' : `http://{host}:${s.PORT}`)).replace(
      /\/+$/,
      '',
    ),
    smtpUrl: s.SMTP_URL,
    mailFrom: s.MAIL_FROM,
    regions: s.REGIONS,
    searchLeaseMs: s.SEARCH_LEASE_SECONDS * 1000,
    searchSweepMs: s.SEARCH_SWEEP_SECONDS * 1000,
    searchRateLimit: s.SEARCH_RATE_LIMIT,
    searchQueueLimit: s.SEARCH_QUEUE_LIMIT,
    plannerThreads: s.PLANNER_THREADS,
  };
}
