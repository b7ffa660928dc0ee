/**
 * The one PostgreSQL schema (PGlite embeds the same engine). Change it here, then
 * generate a versioned migration:
 *   npx drizzle-kit generate --dialect=postgresql --schema=src/server/db/schema.ts --out=src/server/db/migrations --name=<what>
 * Migrations run at start (src/server/db/index.ts); never edit one that has shipped.
 *
 * Conventions: uuid keys made by the database; timestamptz everywhere (the app works in
 * Europe/London but stores instants); small closed vocabularies are text with a CHECK,
 * which is easier to extend in a migration than a PostgreSQL enum. Secrets (passwords,
 * tokens, codes) are stored only as hashes.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_PLACES,
  IMPRESSION_ACTIONS,
  type CampaignPlace,
  type ImpressionAction,
  SEARCH_STATUSES,
} from '../../vocabulary/index';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const id = () => uuid('id').primaryKey().defaultRandom();
/** `column IN ('a', 'b')` for a CHECK constraint. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.join(
    values.map((value) => sql.raw(`'${value}'`)),
    sql`, `,
  )})`;

/** SPEC section 3, User.profile: the passes added to a signed-in user's searches. */
export interface UserProfile {
  has_car_access?: boolean;
  has_concessionary_pass?: boolean;
  has_young_scot_card?: boolean;
  has_new_young_scot_card?: boolean;
  railcard?: string | null;
  user_age?: number | null;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased by the app; the unique index on lower(email) guards it anyway. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The brand the account was created with: its name and links go into e-mails. */
    brand: text('brand').notNull(),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    countryCodePhoneNumber: text('country_code_phone_number'),
    dob: date('dob', { mode: 'string' }),
    profile: jsonb('profile').$type<UserProfile>().notNull().default({}),
    /** SPEC: HOME_PAGE on register. */
    creationOrigin: text('creation_origin'),
    activatedAt: instant('activated_at'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [index('access_tokens_user_id_idx').on(t.userId)],
);

export const ONE_TIME_CODE_KINDS = ['activation', 'password_reset'] as const;
export type OneTimeCodeKind = (typeof ONE_TIME_CODE_KINDS)[number];

/** Activation and password-reset codes sent by e-mail; single use. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    codeHash: text('code_hash').notNull().unique(),
    kind: text('kind').$type<OneTimeCodeKind>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    index('one_time_codes_user_kind_idx').on(t.userId, t.kind),
    check('one_time_codes_kind_check', oneOf(t.kind, ONE_TIME_CODE_KINDS)),
  ],
);

export const OUTBOX_MAIL_KINDS = ['activation'] as const;
export type OutboxMailKind = (typeof OUTBOX_MAIL_KINDS)[number];

/**
 * Mail owed to a user, written in the same transaction as what owes it (registration), so a
 * crash can never leave an account without its activation mail. The sender (mail/outbox.ts)
 * issues the code and sends when it delivers; a row is done when sent_at is set.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    kind: text('kind').$type<OutboxMailKind>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The brand whose name and host the mail carries. */
    brand: text('brand').notNull(),
    createdAt: createdAt(),
    /** A sender holds the row until then; past it, another may try. */
    lockedUntil: instant('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
    check('mail_outbox_kind_check', oneOf(t.kind, OUTBOX_MAIL_KINDS)),
  ],
);

export { SEARCH_STATUSES };
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

/** One journey-planner search; its hash is public (URLs and the realtime channel). */
export const searchQueries = pgTable(
  'search_queries',
  {
    hash: text('hash').primaryKey(),
    brand: text('brand').notNull(),
    /** Null for anonymous visitors; a deleted account takes its search history with it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The validated search form as sent, with profile passes merged in. */
    form: jsonb('form').$type<Record<string, unknown>>().notNull(),
    originAddress: text('origin_address').notNull(),
    destinationAddress: text('destination_address').notNull(),
    outDepartureAt: instant('out_departure_at').notNull(),
    returnDepartureAt: instant('return_departure_at'),
    /** Null until the planner reports how many journeys it found. */
    resultsRetrieved: integer('results_retrieved'),
    status: text('status').$type<SearchStatus>().notNull().default('pending'),
    failure: text('failure'),
    /** While running: the planner that claimed it holds it until then (renewed as it works); past it, the sweeper re-queues it. */
    leaseUntil: instant('lease_until'),
    /** How many times a planner has claimed it (a search that keeps killing planners fails after a few). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * SHA-256 of the owner key the POST answered with: whoever sends it (the browser that made the
     * search) reads the search as its traveller; the hash alone (a shared link) reads it as anyone.
     */
    ownerKeyHash: text('owner_key_hash'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('search_queries_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The sweeper's look-up: only unfinished searches are in it.
    index('search_queries_unfinished_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    check('search_queries_status_check', oneOf(t.status, SEARCH_STATUSES)),
    check('search_queries_results_retrieved_check', sql`${t.resultsRetrieved} is null or ${t.resultsRetrieved} >= 0`),
  ],
);

/** A journey's prices and tags for the traveller who planned it (planner JourneyPrices plus the tags). */
export interface TravellerPrices {
  cost: string;
  cost_value?: number | null;
  pricing_breakdown: unknown[];
  step_costs: string[][];
  step_cost_notes?: (string | null)[][];
  tags: string[];
}

/** A planned journey of a search, in the SPEC Journey shape (data). */
export const journeys = pgTable(
  'journeys',
  {
    id: id(),
    queryHash: text('query_hash')
      .notNull()
      .references(() => searchQueries.hash, { onDelete: 'cascade' }),
    /** Order the planner produced it in (0-based). */
    position: integer('position').notNull(),
    /**
     * The journey as anyone sees it (priced without the traveller's passes, issue 33). Never
     * changes once stored; Journey.user_status is each caller's own (saved_journeys).
     */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The traveller's own prices (and tags), when their passes changed one: shown to the search's owner only. */
    travellerPrices: jsonb('traveller_prices').$type<TravellerPrices>(),
    createdAt: createdAt(),
  },
  (t) => [unique('journeys_query_position_key').on(t.queryHash, t.position)],
);

export const savedJourneys = pgTable(
  'saved_journeys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'saved_journeys_pkey', columns: [t.userId, t.journeyId] }),
    index('saved_journeys_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** SPEC section 4: opening a journey sends 'viewed'; one row per call (anonymous when userId is null). */
export const journeyViews = pgTable(
  'journey_views',
  {
    id: id(),
    journeyId: uuid('journey_id')
      .notNull()
      .references(() => journeys.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('journey_views_journey_idx').on(t.journeyId)],
);

/** SPEC section 9: where a campaign pop-up may appear (the list lives in the contract). */
export { CAMPAIGN_PLACES, IMPRESSION_ACTIONS, type CampaignPlace, type ImpressionAction };

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    brand: text('brand').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    url: text('url'),
    urlButtonText: text('url_button_text'),
    appearOn: text('appear_on').$type<CampaignPlace>().array().notNull(),
    startsAt: instant('starts_at').notNull().defaultNow(),
    endAt: instant('end_at').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaigns_brand_end_idx').on(t.brand, t.endAt),
    check('campaigns_period_check', sql`${t.startsAt} < ${t.endAt}`),
    check(
      'campaigns_appear_on_check',
      sql`${t.appearOn} <@ array[${sql.raw(CAMPAIGN_PLACES.map((place) => `'${place}'`).join(', '))}]::text[]`,
    ),
  ],
);

export const campaignImpressions = pgTable(
  'campaign_impressions',
  {
    id: id(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    action: text('action').$type<ImpressionAction>().notNull(),
    /** A clickthrough names the view impression it follows. */
    impressionId: uuid('impression_id').references((): AnyPgColumn => campaignImpressions.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('campaign_impressions_campaign_idx').on(t.campaignId),
    check('campaign_impressions_action_check', oneOf(t.action, IMPRESSION_ACTIONS)),
  ],
);
