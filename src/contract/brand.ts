/**
 * Brand configuration (SPEC section 1 "Per brand configuration").
 *
 * One schema, shared by the server (which validates every brands/<key>/brand.json at
 * start, merged over brands/default.json) and the web app (which receives the public
 * part of the calling brand inside index.html).
 */
import { z } from 'zod';
import { TRAVEL_TYPES, TIME_ZONE } from '../vocabulary/index';

/**
 * A brand's key: the name of its folder in brands/ (a new brand is a folder, nothing else), lower
 * case letters, digits and dashes, used in hostnames (<key>.localhost) and stored with searches.
 */
export const BRAND_KEY_SHAPE = /^[a-z][a-z0-9-]{0,31}$/;
export const brandKeySchema = z
  .string()
  .regex(BRAND_KEY_SHAPE, 'must be lower-case letters, digits and dashes, starting with a letter (at most 32)');
export type BrandKey = z.infer<typeof brandKeySchema>;

// Travel types a brand can block: the zod-free list in results.ts (the browser needs it too).
export const travelTypeSchema = z.enum(TRAVEL_TYPES);
export type TravelType = z.infer<typeof travelTypeSchema>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c');
/** A Mantine colour tuple: ten shades, lightest first. */
const mantineShades = z.array(hexColour).length(10, 'must list exactly 10 shades, lightest first');

/** Bounding box in WGS84 degrees. */
export const boundsSchema = z
  .object({
    south: z.number().min(-90).max(90),
    west: z.number().min(-180).max(180),
    north: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
  })
  .refine((b) => b.south < b.north && b.west < b.east, 'south must be below north and west left of east');
export type Bounds = z.infer<typeof boundsSchema>;

const sitePath = z.string().regex(/^\/[\w\-./]+$/, 'must be a site path starting with /');
const httpsUrl = z.url({ protocol: /^https?$/ });

export const brandSchema = z.object({
  key: brandKeySchema,
  title: z.string().min(3),
  shortTitle: z.string().min(2).max(12, 'must be 12 characters or fewer (home-screen label)'),
  description: z.string().min(10),
  /** Who runs this brand: named on the static pages and the cookie page's owner contact details. */
  owner: z.object({
    name: z.string().min(2),
    address: z.string().min(5),
  }),
  supportEmail: z.email(),
  supportLink: httpsUrl,
  contactEmail: z.email(),
  appStoreLinks: z.object({
    ios: httpsUrl.nullable(),
    android: httpsUrl.nullable(),
  }),
  /** The brand's logo on paper: heads the printed journey, where the (screen-only) header is not printed. */
  logo: sitePath,
  /** The header's logo on screen (also inlined in the server's first paint). */
  navbarLogo: sitePath,
  favicon: sitePath,
  /** PNG/SVG icons for the web manifest. */
  icons: z
    .array(
      z.object({
        src: sitePath,
        sizes: z.string().regex(/^(\d+x\d+|any)$/),
        type: z.string(),
        purpose: z.string().optional(),
      }),
    )
    .min(1),
  blockedTravelTypes: z.array(travelTypeSchema),
  /**
   * Journeys using any of these travel types are listed first when results are ranked by merit (the
   * city bus brands: bus first); then the chosen order. Empty: the chosen order alone.
   */
  firstTravelTypes: z.array(travelTypeSchema),
  showBreadcrumbs: z.boolean(),
  showUpdatesFooter: z.boolean(),
  showNeedHelp: z.boolean(),
  showPois: z.boolean(),
  enableUserAccounts: z.boolean(),
  enableMultipleJourneyTypeFilter: z.boolean(),
  /** The public API key the web app sends as X-Api-Key; it also tells the server which brand calls. */
  apiKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'must be 16-64 letters, digits, _ or -'),
  /** Hostnames that select this brand (Digitransit-style); BRAND picks the default for other hosts. */
  hostnames: z.array(z.string().min(1)),
  /** The planner regions (region manifest names, REGIONS) this brand plans on; absent: whichever loaded region holds the origin. */
  regions: z.array(z.string().min(1)).min(1).optional(),
  region: z.object({
    name: z.string().min(2),
    councilAreas: z.array(z.string()).min(1),
    bounds: boundsSchema,
    autocompleteBias: boundsSchema,
    country: z.literal('gb'),
    timeZone: z.literal(TIME_ZONE),
    /**
     * The travel types the region's data can produce (its feeds' services, its bike-hire, car
     * club, taxi and demand-responsive data, and the street modes): the stage filter offers only
     * these (no Tram, Subway or Ferry in Tayside). The region README says how it was read.
     */
    travelTypes: z.array(travelTypeSchema).min(1),
  }),
  theme: z.object({
    primaryColor: z.string().regex(/^[a-z][a-zA-Z]*$/),
    colors: z.record(z.string(), mantineShades),
    /** Manifest theme_color and the browser bar. */
    themeColor: hexColour,
    backgroundColor: hexColour,
  }),
  /** A MapLibre style URL, or 'fallback' for the self-hosted style built from region data. */
  mapStyle: z.union([z.literal('fallback'), httpsUrl]),
  /** SPEC section 4: one brand waits 10 seconds before first fetching results. */
  initialResultsDelayMs: z.number().int().min(0).max(10_000),
  /**
   * The updates strip (shown where showUpdatesFooter): its wording, then its link's words (the
   * strip adds "(opens in a new tab)") and the travel-updates site it links to. Brand
   * configuration, so a message is changed here when it goes stale, never in the code.
   */
  updatesText: z.string().min(1).max(120),
  updatesLinkText: z.string().min(1).max(60),
  updatesLink: httpsUrl,
  /** Advertising banner frame on Results: empty unless a brand configures one. */
  /**
   * SPEC section 2's advertising banner frame on Results: a third party's page (an http(s) URL,
   * framed in a sandbox with scripts), or the brand's own house advert (a site path to a
   * script-free HTML file shipped in brands/<key>/, framed from its text without scripts).
   */
  advertBanner: z.object({ src: z.union([httpsUrl, sitePath]), title: z.string().min(2) }).nullable(),
  /**
   * An analytics service the brand has integrated, with the cookies it sets (the Cookie and
   * Privacy pages list them); null when none is (no brand has one today).
   */
  analytics: z
    .object({
      provider: z.string().min(2),
      retention: z.string().min(2),
      cookies: z
        .array(z.object({ name: z.string().min(1), purpose: z.string().min(2), duration: z.string().min(2) }))
        .min(1),
    })
    .nullable(),
  /** A crash and error reporting service the brand has integrated; null when none is. */
  errorReporting: z.object({ provider: z.string().min(2), retention: z.string().min(2) }).nullable(),
  /** Google Maps browser key; when set, the web uses Google Places autocomplete. */
  googleMapsKey: z.string().min(10).nullable(),
  health: z.object({
    /** 'Attend Appointment' step and the appointment-length selector. */
    appointmentStep: z.boolean(),
    /** 'Show me an early/later return option'. */
    alternativeReturn: z.boolean(),
    /** The variant with the toilet data notice and the walking-safety notice. */
    safetyNotices: z.boolean(),
  }),
});

export type Brand = z.infer<typeof brandSchema>;

/** What the browser receives: everything but server-only fields (there are none secret today). */
export type PublicBrand = Brand;

/** Health brand and council brand invariants from SPEC section 1, checked in tests. */
export function brandHasAccounts(brand: Pick<Brand, 'enableUserAccounts'>): boolean {
  return brand.enableUserAccounts;
}

/** Formats a zod issue path as `a.b[2].c`. */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('');
}

type PlainObject = Record<string, unknown>;
const isPlainObject = (value: unknown): value is PlainObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Merges a brand's overrides over the shared defaults, the way Digitransit merges brand
 * configs: objects merge key by key, arrays and scalars from the override replace.
 */
export function mergeBrandConfig(defaults: unknown, override: unknown): unknown {
  if (!isPlainObject(defaults) || !isPlainObject(override)) return override === undefined ? defaults : override;
  const merged: PlainObject = { ...defaults };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = key in defaults ? mergeBrandConfig(defaults[key], value) : value;
  }
  return merged;
}

// Kept in a zod-free module so the browser can import it without the schema library.
export { BRAND_SCRIPT_ID } from './brand-script';
