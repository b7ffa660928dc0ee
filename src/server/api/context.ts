/**
 * What the /v1 resource modules share: the database, mail, the clock and the rate limiter.
 * main.ts builds one from the settings; tests build one with a fake clock, an outbox in a
 * temporary folder and their own rate limits.
 */
import type { Settings } from '../config';
import type { Database } from '../db/index';
import { DEFAULT_RATE_LIMITS, MemoryRateLimiter, type RateLimiter, type RateLimits } from '../auth/rate-limit';
import { systemClock, type Clock } from '../auth/secrets';
import { createMailer, type Mailer } from '../mail/mailer';
import { MailOutbox } from '../mail/outbox';
import type { SearchJobQueue } from '../jobs/search-job';
import { JourneyCache } from '../searches/journey-cache';
import { createPlaceIndexSource, type PlaceIndexSource } from '../places/index-loader';
import { TAYSIDE_MANIFEST } from '../../planner/node';

/** The two log calls the modules make (pino's and console-like loggers both fit). */
export interface ApiLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ApiContext {
  db: Database;
  mailer: Mailer;
  /** Account mail written with what owes it (registration) and sent from the mail_outbox table. */
  outbox: MailOutbox;
  /** PUBLIC_URL and MAIL_FROM, for links and the sender of account e-mails. */
  mail: Pick<Settings, 'publicUrl' | 'mailFrom'>;
  now: Clock;
  rateLimiter: RateLimiter;
  limits: RateLimits;
  log: ApiLog;
  /** The place index for autocomplete and reverse look-up, loaded once on first use. */
  places: PlaceIndexSource;
  /** Where searches are planned; without it the search call answers 503. */
  search?: SearchJobQueue;
  /** SEARCH_QUEUE_LIMIT: past this many searches waiting or being planned, new ones get 429. */
  searchQueueLimit: number;
  /** Journey answers kept in memory: a stored journey never changes. */
  journeyCache: JourneyCache;
}

export interface ApiContextOptions {
  db: Database;
  /** `regions`: the manifests whose snapshots' places answer place search (default: Tayside). */
  settings: Pick<Settings, 'publicUrl' | 'mailFrom' | 'smtpUrl' | 'dataDir'> & Partial<Pick<Settings, 'regions'>>;
  log: ApiLog;
  now?: Clock;
  mailer?: Mailer;
  rateLimiter?: RateLimiter;
  limits?: Partial<RateLimits>;
  places?: PlaceIndexSource;
  search?: SearchJobQueue;
  searchQueueLimit?: number;
}

export function createApiContext(options: ApiContextOptions): ApiContext {
  const now = options.now ?? systemClock;
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: options.settings.smtpUrl, dataDir: options.settings.dataDir, log: options.log });
  const mail = { publicUrl: options.settings.publicUrl, mailFrom: options.settings.mailFrom };
  return {
    db: options.db,
    mailer,
    outbox: new MailOutbox({ db: options.db, mailer, mail, now, log: options.log }),
    mail,
    now,
    rateLimiter: options.rateLimiter ?? new MemoryRateLimiter(now),
    limits: { ...DEFAULT_RATE_LIMITS, ...options.limits },
    log: options.log,
    places:
      options.places ??
      createPlaceIndexSource({ regions: options.settings.regions ?? [TAYSIDE_MANIFEST], log: options.log }),
    search: options.search,
    searchQueueLimit: options.searchQueueLimit ?? 500,
    journeyCache: new JourneyCache(),
  };
}
