/**
 * The planner on the device (issue 20): a region pack's bytes in, the same answers as the API
 * out. Runs in a Web Worker (planner.worker.ts); pure, so tests run it in Node against the
 * server's planning. It reaches the planner only through its browser-safe face.
 */
import type { Journey } from '../../../contract/journey';
import type { PlaceSuggestion, ReversePlace } from '../../../contract/places';
import { planRequestFor } from '../../../contract/plan-request';
import { readPasses, searchTimeAt, searchTimeInstant } from '../../../vocabulary/index';
import { searchFormSchema, type SearchForm, type SearchQuery } from '../../../contract/search';
import type { TravelType } from '../../../contract/brand';
import { DEVICE_HASH_PREFIX } from './device-searches';
import { sha256Hex } from './sha256';
import {
  bboxContains,
  decodeRegionSnapshot,
  journeyForTraveller,
  planAll,
  PlaceIndexSet,
  PlanError,
  regionFromSnapshot,
  type Region,
  type PlaceResult,
} from '../../../planner/index';

export const DEVICE_MESSAGES = {
  outside: (place: string, region: string) =>
    `${place} is outside ${region}, the area this device can plan without signal. Plan this journey when you are back online.`,
  damaged:
    'The offline planning data is damaged; it is being downloaded again. Until then, planning needs a connection.',
  failed: 'We could not plan this search on this device. Please try again when you are online.',
} as const;

/** Thrown for a pack whose bytes do not hash to what the server said (truncated or tampered). */
export class PackIntegrityError extends Error {
  override name = 'PackIntegrityError';
}

export interface DeviceSearchOptions {
  blocked: readonly TravelType[];
  /** The brand's regions (brand.json), as the server sends them to its planner. */
  regions?: readonly string[];
  /** The health brand's appointment length (minutes): the way home leaves after it. */
  appointmentMinutes?: number;
  now?: Date;
}

/** What a device search answers: field errors (as the API's 422), a refusal, or the search with its journeys. */
export type DeviceSearchAnswer =
  | { kind: 'invalid'; errors: Record<string, string[]> }
  | { kind: 'refused'; message: string }
  | { kind: 'planned'; query: SearchQuery };

const randomHex = (n: number) =>
  [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, '0')).join('');

const suggestion = ({ id, label, secondary, type, lat, lng }: PlaceResult): PlaceSuggestion => ({
  id,
  label,
  secondary,
  type,
  lat,
  lng,
});

export class DevicePlanner {
  private readonly places: PlaceIndexSet;

  private constructor(
    readonly region: Region,
    /** Shown in words: 'Tayside'. */
    readonly label: string,
  ) {
    this.places = new PlaceIndexSet(region.places ? [region.places] : []);
  }

  /** Checks the bytes against the pack's SHA-256, then decodes them (every section's CRC-32 too). */
  static async fromPack(bytes: Uint8Array, sha256: string, label: string): Promise<DevicePlanner> {
    if ((await sha256Hex(bytes)) !== sha256) throw new PackIntegrityError('the region pack does not match its hash');
    return new DevicePlanner(regionFromSnapshot(decodeRegionSnapshot(bytes, 'region pack')), label);
  }

  autocomplete(query: string, bias?: { north: number; south: number; east: number; west: number }): PlaceSuggestion[] {
    const outcome = this.places.searchChecked(query, bias ? { bias } : {});
    return outcome.ok ? outcome.results.map(suggestion) : [];
  }

  reverse(lat: number, lng: number): ReversePlace | null {
    const found = this.places.reverse(lat, lng);
    return found ? { ...suggestion(found), distance_m: found.distanceM } : null;
  }

  /** The API's POST search and its job in one: the same validation, request and planning. */
  async search(body: unknown, options: DeviceSearchOptions): Promise<DeviceSearchAnswer> {
    const now = options.now ?? new Date();
    const parsed = searchFormSchema(() => now).safeParse(body ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'form'] ??= []).push(issue.message);
      return { kind: 'invalid', errors };
    }
    const form = parsed.data;
    // The device holds one region: a journey it does not cover is refused rather than guessed.
    if (!bboxContains(this.region.bounds, form.origin.lat, form.origin.lng))
      return { kind: 'refused', message: DEVICE_MESSAGES.outside(form.origin.label, this.label) };
    if (!bboxContains(this.region.reach, form.destination.lat, form.destination.lng))
      return { kind: 'refused', message: DEVICE_MESSAGES.outside(form.destination.label, this.label) };
    let journeys: Journey[];
    let failure: string | null = null;
    try {
      const planned = await planAll(
        planRequestFor(form, options.blocked, options.regions, options.appointmentMinutes),
        {
          regions: [this.region],
          now,
        },
      );
      // The traveller's own prices: a device search is never shared (the anyone prices are dropped).
      journeys = planned.map(
        (journey) => ({ ...journeyForTraveller(journey), id: crypto.randomUUID() }) as unknown as Journey,
      );
    } catch (error) {
      journeys = [];
      failure = error instanceof PlanError ? error.message : DEVICE_MESSAGES.failed;
    }
    return { kind: 'planned', query: deviceQuery(form, journeys, failure) };
  }
}

/** The search as the API's GET /search/{hash} presents it (src/server/api/search/present.ts). */
function deviceQuery(form: SearchForm, journeys: Journey[], failure: string | null): SearchQuery {
  const instant = (text: string) => new Date(searchTimeInstant(text)!);
  const out = instant(form.out_time);
  const back = form.return_time ? instant(form.return_time) : null;
  return {
    hash: `${DEVICE_HASH_PREFIX}${randomHex(16)}`,
    origin: form.origin,
    destination: form.destination,
    origin_address: form.origin.label,
    destination_address: form.destination.label,
    out_time: searchTimeAt(out.getTime()),
    out_departure_at: out.toISOString(),
    return_departure_at: back?.toISOString() ?? null,
    arrive_at_time: null,
    return_time: back ? searchTimeAt(back.getTime()) : null,
    results_retrieved: journeys.length,
    status: failure ? 'failed' : 'done',
    failure,
    passes: readPasses(form),
    journeys: journeys as SearchQuery['journeys'],
  };
}
